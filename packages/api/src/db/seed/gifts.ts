import { LOOT_BOX_INVENTORY_TELEGRAM_ID } from '@manager/contract';
import type { inventories, starsGifts } from '../schema/inventory';
import type { marketplaceItems, marketplaceOrders } from '../schema/marketplace';
import type { withdrawals } from '../schema/withdrawals';
import {
  GIFT_COLLECTIONS,
  GIFT_MODELS,
  STARS_GIFT_EMOJI,
  STARS_GIFT_PRICES,
  giftSlug,
} from './reference-data';
import { decimal, rngFor } from './random';
import { DAY, HOUR, Timeline } from './timeline';
import { telegramIdOf } from './users';

const GIFTS_DOMAIN = 4;
const INVENTORY_SPAN_MS = 200 * DAY;
const MARKET_FEE = 0.05;

type NewInventory = typeof inventories.$inferInsert;
type NewListing = typeof marketplaceItems.$inferInsert;
type NewWithdrawal = typeof withdrawals.$inferInsert;

/**
 * Status of inventory row i, by position so every volume gets the same mix: 15% listed on the
 * marketplace, 2.5% held by a pending withdrawal, 2.5% withdrawn, the rest available.
 */
export function inventoryStatus(i: number): NonNullable<NewInventory['status']> {
  const r = i % 40;
  return r < 6 ? 'listed' : r === 6 ? 'withdrawing' : r === 7 ? 'withdrawn' : 'available';
}

const floorPrice = (f: ReturnType<typeof rngFor>['f'], base: number): number =>
  base * f.number.float({ min: 0.8, max: 1.6 });

/**
 * Inventory rows [from, to) with explicit ids i+1, plus what follows from their status:
 * a marketplace listing for `listed` rows and a gift withdrawal for `withdrawing`/`withdrawn`.
 */
export function buildInventoryChunk(time: Timeline, total: number, from: number, to: number, chunk: number) {
  const { f } = rngFor(GIFTS_DOMAIN, chunk);
  const items: NewInventory[] = [];
  const listings: NewListing[] = [];
  const giftWithdrawals: NewWithdrawal[] = [];
  for (let i = from; i < to; i++) {
    const createdAt = time.eventAt(i, total, INVENTORY_SPAN_MS, HOUR);
    const drawn = telegramIdOf(f.number.int({ min: 0, max: time.usersAt(createdAt) - 1 }));
    // Every 25th gift belongs to the platform's inventory account, whose gifts loot boxes give.
    const owner = i % 25 === 10 ? LOOT_BOX_INVENTORY_TELEGRAM_ID : drawn;
    // Expensive collections are rare: weight falls with price.
    const collection = f.helpers.weightedArrayElement(
      GIFT_COLLECTIONS.map((c) => ({ value: c, weight: 1 / Math.sqrt(c.price) })),
    );
    const giftNumber = f.number.int({ min: 1, max: 200_000 });
    const price = floorPrice(f, collection.price);
    const status = inventoryStatus(i);
    const row: NewInventory = {
      id: i + 1,
      telegramId: owner,
      name: giftSlug(collection.name, giftNumber),
      baseName: collection.name,
      giftNumber,
      price: decimal(price, 2),
      status,
      modelThumbUrl: '',
      symbolThumbUrl: '',
      createdAt: new Date(createdAt),
    };
    items.push(row);
    const later = new Date(createdAt + (time.now - createdAt) * f.number.float({ min: 0.1, max: 0.9 }));
    if (status === 'listed') {
      const repriced = f.number.float() < 0.4;
      listings.push({
        inventoryId: row.id,
        name: row.name,
        giftNumber,
        price: decimal(price * (repriced ? f.number.float({ min: 0.85, max: 0.98 }) : 1.1), 2),
        oldPrice: repriced ? decimal(price * 1.1, 2) : '0',
        modelName: f.helpers.arrayElement(GIFT_MODELS),
        telegramId: owner,
        createdAt: later,
      });
    }
    if (status === 'withdrawing' || status === 'withdrawn') {
      const done = status === 'withdrawn';
      giftWithdrawals.push({
        telegramId: owner,
        currency: 'NFT',
        price: row.price!,
        wallet: null,
        inventoryId: row.id,
        status: done,
        decision: done ? (f.number.float() < 0.8 ? 'with-transfer' : 'without-transfer') : null,
        decidedAt: done ? new Date(later.getTime() + HOUR) : null,
        createdAt: later,
      });
    }
  }
  return { items, listings, giftWithdrawals };
}

/** Completed marketplace sales [from, to) of `total`, over the last 120 days. */
export function buildMarketOrders(time: Timeline, total: number, from: number, to: number, chunk: number) {
  const { f } = rngFor(GIFTS_DOMAIN + 100, chunk);
  const rows: Array<typeof marketplaceOrders.$inferInsert> = [];
  for (let j = from; j < to; j++) {
    const createdAt = time.eventAt(j, total, 120 * DAY, 20 * 60_000);
    const existing = time.usersAt(createdAt);
    const buyer = f.number.int({ min: 0, max: existing - 1 });
    const seller = (buyer + 1 + f.number.int({ min: 0, max: Math.max(0, existing - 2) })) % existing;
    const collection = f.helpers.weightedArrayElement(
      GIFT_COLLECTIONS.map((c) => ({ value: c, weight: 1 / Math.sqrt(c.price) })),
    );
    const giftNumber = f.number.int({ min: 1, max: 200_000 });
    const price = Number(decimal(floorPrice(f, collection.price), 2));
    const fee = Number(decimal(price * MARKET_FEE, 2));
    rows.push({
      itemName: giftSlug(collection.name, giftNumber),
      giftNumber,
      modelName: f.helpers.arrayElement(GIFT_MODELS),
      buyerId: telegramIdOf(buyer),
      sellerId: telegramIdOf(seller === buyer ? (buyer + 1) % existing : seller),
      price: decimal(price, 2),
      fee: decimal(fee, 2),
      totalPrice: decimal(price + fee, 2),
      createdAt: new Date(createdAt),
    });
  }
  return rows;
}

/** Regular Telegram gifts (Stars), with 19-digit ids like Telegram's. */
export function buildStarsGifts(count: number): Array<typeof starsGifts.$inferInsert> {
  const { f } = rngFor(GIFTS_DOMAIN + 200);
  return Array.from({ length: count }, (_, k) => ({
    id: `5${f.string.numeric({ length: 18, allowLeadingZeros: true })}`,
    price: STARS_GIFT_PRICES[k % STARS_GIFT_PRICES.length]!,
    emoji: STARS_GIFT_EMOJI[k % STARS_GIFT_EMOJI.length]!,
    thumbnailUrl: '',
  }));
}
