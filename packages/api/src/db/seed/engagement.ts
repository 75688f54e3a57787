import type { giveaways, mailings, tournaments } from '../schema/engagement';
import type { settings } from '../schema/settings';
import { decimal, rngFor } from './random';
import { DAY, HOUR, Timeline } from './timeline';

const ENGAGEMENT_DOMAIN = 8;
type GiftPick = {
  id: number;
  name: string;
  baseName: string | null;
  price: number;
  modelThumbUrl: string | null;
};
type Holder = { telegramId: number; username: string | null };

/**
 * Broadcasts: the newest still waiting, the rest delivered. None is seeded running: a running
 * mailing has its delivery job, which only Start sends.
 */
export function buildMailings(
  time: Timeline,
  count: number,
  totalUsers: number,
): Array<typeof mailings.$inferInsert> {
  const { f } = rngFor(ENGAGEMENT_DOMAIN);
  return Array.from({ length: count }, (_, k) => {
    const age = count - k;
    const status = age <= 2 ? 'waiting' : 'done';
    const message =
      `${f.helpers.arrayElement(['🔥', '🎁', '🚀', '💎', '🏆'])} ${f.lorem.sentence({ min: 6, max: 18 })} ${f.lorem.sentences({ min: 0, max: 2 })}`.trim();
    const buttonText = f.helpers.arrayElement([
      'Play now',
      'Open app',
      'Claim reward',
      'Join tournament',
      'Open shop',
    ]);
    const buttonLink = `https://t.me/manager_game_bot/app?startapp=${f.string.alphanumeric(8)}`;
    const recipients =
      status === 'waiting' ? 0 : Math.round(totalUsers * f.number.float({ min: 0.6, max: 0.98 }));
    return {
      message,
      buttonText,
      buttonLink,
      mediaLink: '',
      recipients,
      delivered: recipients,
      status,
      createdAt: new Date(time.now - age * 6 * DAY + f.number.int({ min: 0, max: DAY })),
    };
  });
}

/** Tournaments: a few upcoming (Live), most past (Expired), two without a date. */
export function buildTournaments(time: Timeline, count: number): Array<typeof tournaments.$inferInsert> {
  const { f } = rngFor(ENGAGEMENT_DOMAIN + 1);
  return Array.from({ length: count }, (_, k) => ({
    tournamentsDate:
      k < 2
        ? null
        : new Date(time.now + (k - count + 4) * 5 * DAY + f.number.int({ min: 0, max: 12 }) * HOUR),
    tournamentsLink: `https://t.me/manager_game_bot/app?startapp=tournament_${k + 1}`,
    tournamentsImage: '',
    createdAt: new Date(time.now - (count - k) * 5 * DAY),
  }));
}

/** Giveaways of gifts from the inventory; expired ones have their winners drawn from ticket holders. */
export function buildGiveaways(
  time: Timeline,
  count: number,
  gifts: GiftPick[],
  holders: Holder[],
): Array<typeof giveaways.$inferInsert> {
  const { f } = rngFor(ENGAGEMENT_DOMAIN + 2);
  return Array.from({ length: count }, (_, k) => {
    const expired = k < count * 0.6;
    const expiredDate = new Date(expired ? time.now - (count - k) * 3 * DAY : time.now + (k + 1) * 2 * DAY);
    const prizes = f.helpers.arrayElements(gifts, { min: 1, max: 3 });
    const isFree = f.number.float() < 0.5;
    const ticketHolders = holders.length
      ? f.helpers.arrayElements(holders, { min: 0, max: Math.min(40, holders.length) })
      : [];
    const tickets = Object.fromEntries(ticketHolders.map((h, n) => [String(n + 1), String(h.telegramId)]));
    const winners = expired
      ? prizes.flatMap((gift, n) => {
          const w = ticketHolders[n];
          return w ? [{ winnerId: String(w.telegramId), username: w.username, giftName: gift.name }] : [];
        })
      : [];
    return {
      previewImageUrl: '',
      expiredDate,
      gifts: prizes,
      isFree,
      ticketPriceTon: isFree ? '0' : decimal(f.helpers.arrayElement([0.1, 0.25, 0.5, 1]), 2),
      ticketPriceStars: isFree ? '0' : decimal(f.helpers.arrayElement([0, 25, 50, 100]), 2),
      tickets,
      status: expired ? false : f.number.float() < 0.8,
      winners,
      createdAt: new Date(expiredDate.getTime() - 10 * DAY),
    };
  });
}

export const defaultSettings = (): typeof settings.$inferInsert => ({
  id: 1,
  technicalMode: false,
  playToStars: '0.01',
  playToRedChip: '0.5',
  bannerOneImageUrl: '',
  bannerOneUrl: 'ShopPage',
  bannerOneStatus: true,
  bannerTwoImageUrl: '',
  bannerTwoUrl: 'TournamentsPage',
  bannerTwoStatus: false,
});
