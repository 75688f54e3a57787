import type { starsPayments, tonPayments } from '../schema/payments';
import type { withdrawals } from '../schema/withdrawals';
import { decimal, rngFor } from './random';
import { DAY, HOUR, Timeline } from './timeline';
import { telegramIdOf } from './users';

const TRANSACTIONS_DOMAIN = 7;
type Faker = ReturnType<typeof rngFor>['f'];

/** A user-friendly TON address (UQ + 46 base64url characters). */
const tonWallet = (f: Faker): string =>
  `UQ${f.string.fromCharacters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 46)}`;

/** TON withdrawals [from, to): most decided, the newest pending, a few rejected. */
export function buildTonWithdrawals(time: Timeline, total: number, from: number, to: number, chunk: number) {
  const { f } = rngFor(TRANSACTIONS_DOMAIN, chunk);
  const rows: Array<typeof withdrawals.$inferInsert> = [];
  for (let j = from; j < to; j++) {
    const createdAt = time.eventAt(j, total, 60 * DAY, 5 * 60_000);
    const recent = time.now - createdAt < 7 * DAY;
    const roll = f.number.float();
    const decision = recent && roll < 0.8 ? null : roll < 0.1 ? 'rejected' : 'without-transfer';
    rows.push({
      telegramId: telegramIdOf(f.number.int({ min: 0, max: time.usersAt(createdAt) - 1 })),
      currency: 'TON',
      price: decimal(
        f.helpers.arrayElement([1, 2, 5, 10, 25, 50]) * f.number.float({ min: 0.5, max: 1.5 }),
        2,
      ),
      wallet: tonWallet(f),
      inventoryId: null,
      status: decision !== null && decision !== 'rejected',
      decision,
      decidedAt: decision === null ? null : new Date(createdAt + f.number.int({ min: 1, max: 20 }) * HOUR),
      createdAt: new Date(createdAt),
    });
  }
  return rows;
}

/** TON deposits [from, to) over 90 days: top-ups and purchases, 85% completed. */
export function buildTonPayments(time: Timeline, total: number, from: number, to: number, chunk: number) {
  const { f } = rngFor(TRANSACTIONS_DOMAIN + 100, chunk);
  const rows: Array<typeof tonPayments.$inferInsert> = [];
  for (let j = from; j < to; j++) {
    const createdAt = time.eventAt(j, total, 90 * DAY, 3 * 60_000);
    const amount =
      f.helpers.arrayElement([0.5, 1, 2, 5, 10, 20, 50, 100]) * f.number.float({ min: 0.9, max: 1.1 });
    const type = f.helpers.weightedArrayElement([
      { value: 'deposit', weight: 6 },
      { value: 'stars_purchase', weight: 2 },
      { value: 'red_chip_purchase', weight: 2 },
    ]);
    const hash = f.string.hexadecimal({ length: 64, casing: 'lower', prefix: '' });
    rows.push({
      telegramId: telegramIdOf(f.number.int({ min: 0, max: time.usersAt(createdAt) - 1 })),
      transactionId: hash,
      type,
      link: `https://tonviewer.com/transaction/${hash}`,
      product: type === 'deposit' ? 'TON' : type === 'stars_purchase' ? 'STAR' : 'RED_CHIP',
      productAmount: decimal(
        type === 'deposit' ? amount : type === 'stars_purchase' ? amount * 250 : amount * 1000,
        2,
      ),
      wallet: tonWallet(f),
      amount: decimal(amount, 2),
      fee: decimal(amount * 0.01, 4),
      status: f.number.float() < 0.85,
      createdAt: new Date(createdAt),
    });
  }
  return rows;
}

/** Telegram Stars payments [from, to) over 90 days, 90% completed. */
export function buildStarsPayments(time: Timeline, total: number, from: number, to: number, chunk: number) {
  const { f } = rngFor(TRANSACTIONS_DOMAIN + 200, chunk);
  const rows: Array<typeof starsPayments.$inferInsert> = [];
  for (let j = from; j < to; j++) {
    const createdAt = time.eventAt(j, total, 90 * DAY, 2 * 60_000);
    const amount = f.helpers.arrayElement([50, 100, 250, 500, 1000, 2500]);
    const type = f.helpers.weightedArrayElement([
      { value: 'deposit', weight: 5 },
      { value: 'loot_box', weight: 3 },
      { value: 'red_chip_purchase', weight: 2 },
    ]);
    rows.push({
      telegramId: telegramIdOf(f.number.int({ min: 0, max: time.usersAt(createdAt) - 1 })),
      transactionId: `stxt${f.string.alphanumeric(36)}`,
      type,
      link: null,
      product: type === 'deposit' ? 'STAR' : type === 'loot_box' ? 'LOOT_BOX' : 'RED_CHIP',
      productAmount: type === 'red_chip_purchase' ? amount * 4 : amount,
      wallet: null,
      amount,
      fee: Math.round(amount * 0.03),
      status: f.number.float() < 0.9,
      createdAt: new Date(createdAt),
    });
  }
  return rows;
}
