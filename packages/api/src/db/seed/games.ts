import type { GameRewardsJson, NewGame } from '../schema/games';
import { GIFT_COLLECTIONS, giftSlug } from './reference-data';
import { rngFor } from './random';
import { DAY, Timeline } from './timeline';
import { telegramIdOf } from './users';

const GAMES_DOMAIN = 2;
/** Games over the last 180 days; the newest `activeCount` rooms are still open. */
const GAME_SPAN_MS = 180 * DAY;
const PLATFORM_FEE = 0.05;
const ROOM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const noRewards = (): GameRewardsJson => ({ ton: 0, stars: 0, nfts: [], totalAmount: 0 });

/** Rooms still open at seed time: about 0.06% of all games, at least two. */
const activeGameCount = (total: number): number => Math.max(2, Math.ceil(total * 0.0006));

/** Games [from, to) of `total`; rows only reference users registered before the game. */
export function buildGames(
  time: Timeline,
  total: number,
  from: number,
  to: number,
  chunk: number,
): NewGame[] {
  const { f } = rngFor(GAMES_DOMAIN, chunk);
  const firstActive = total - activeGameCount(total);
  const rows: NewGame[] = [];
  for (let j = from; j < to; j++) {
    const createdAt = time.eventAt(j, total, GAME_SPAN_MS, 30_000);
    const existing = time.usersAt(createdAt);
    const p1 = f.number.int({ min: 0, max: existing - 1 });
    let p2 = f.number.int({ min: 0, max: Math.max(0, existing - 2) });
    if (p2 >= p1) p2 += 1;
    const hasOpponent = existing > 1;
    const active = j >= firstActive;
    const status = active
      ? hasOpponent && f.number.float() < 0.6
        ? 'in_progress'
        : 'waiting'
      : f.number.float() < 0.04 || !hasOpponent
        ? 'cancelled'
        : 'finished';
    const withOpponent = hasOpponent && status !== 'waiting';
    const target = 3;
    const p1Wins = f.number.float() < 0.5;
    const loserScore = f.number.int({ min: 0, max: target - 1 });
    let score1 = 0;
    let score2 = 0;
    if (status === 'finished') [score1, score2] = p1Wins ? [target, loserScore] : [loserScore, target];
    if (status === 'in_progress')
      [score1, score2] = [f.number.int({ min: 0, max: 2 }), f.number.int({ min: 0, max: 2 })];
    const winnerRewards = status === 'finished' ? rewardsFor(f.number.float(), f) : noRewards();
    rows.push({
      roomCode: f.string.fromCharacters(ROOM_ALPHABET, 6),
      isPrivate: f.number.float() < 0.15,
      currentRoundNumber: Math.max(1, score1 + score2 + (status === 'in_progress' ? 1 : 0)),
      slippage: f.helpers.arrayElement(['0.00', '1.00', '2.50', '5.00', '10.00']),
      player1Id: telegramIdOf(p1),
      player2Id: withOpponent ? telegramIdOf(p2) : null,
      winnerTelegramId: status === 'finished' ? telegramIdOf(p1Wins ? p1 : p2) : null,
      score1,
      score2,
      player1Rewards: status === 'finished' && p1Wins ? winnerRewards : noRewards(),
      player2Rewards: status === 'finished' && !p1Wins ? winnerRewards : noRewards(),
      status,
      finishedAt:
        status === 'finished' || status === 'cancelled'
          ? new Date(createdAt + f.number.int({ min: 60_000, max: 900_000 }))
          : null,
      createdAt: new Date(createdAt),
    });
  }
  return rows;
}

/** The winner takes both stakes minus the platform fee: TON, Stars or the loser's NFT. */
function rewardsFor(kind: number, f: ReturnType<typeof rngFor>['f']): GameRewardsJson {
  if (kind < 0.55) {
    const stake = f.helpers.arrayElement([0.1, 0.5, 1, 2, 5, 10]);
    const ton = round2(stake * 2 * (1 - PLATFORM_FEE));
    return { ton, stars: 0, nfts: [], totalAmount: ton };
  }
  if (kind < 0.85) {
    const stake = f.helpers.arrayElement([50, 100, 250, 500, 1000]);
    const stars = Math.round(stake * 2 * (1 - PLATFORM_FEE));
    // totalAmount is in TON: Stars count at 1/250 TON (the loot-box rate, `STARS_RATE_BY_REWARD`).
    return { ton: 0, stars, nfts: [], totalAmount: round2(stars / 250) };
  }
  const gift = f.helpers.arrayElement(GIFT_COLLECTIONS.slice(10));
  const number = f.number.int({ min: 1, max: 150_000 });
  const nft = { name: giftSlug(gift.name, number), giftNumber: number, price: gift.price };
  return { ton: 0, stars: 0, nfts: [nft], totalAmount: gift.price };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
