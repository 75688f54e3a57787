import type { NewUser } from '../schema/users';
import { COUNTRIES } from './reference-data';
import { decimal, hash32, rngFor, weighted } from './random';
import { MINUTE, Timeline } from './timeline';
import { usernameFor } from './usernames';

const USERS_DOMAIN = 1;
/** Share of players seen in the last 5 minutes at seed time. */
const ONLINE_SHARE = 0.03;
const PREMIUM_SHARE = 0.2;
const REFERRED_SHARE = 0.35;

/**
 * Telegram id of user index i: ascending with registration, like real Telegram ids, and a
 * pure function of i so games, orders and referrals can name a user without a lookup.
 */
export const telegramIdOf = (i: number): number => 100_000_000 + i * 1000 + (hash32(i) % 997);

/** Inviter of user i, skewed to early users so some players invite hundreds. */
function referrerOf(u: number, i: number): number {
  return Math.floor(i * u * u * u);
}

/** Users [from, to) of a chunk; `chunk` seeds the stream so chunks are independent. */
export function buildUsers(time: Timeline, from: number, to: number, chunk: number): NewUser[] {
  const { f, locale } = rngFor(USERS_DOMAIN, chunk);
  const rows: NewUser[] = [];
  for (let i = from; i < to; i++) {
    const country =
      f.number.float() < 0.04
        ? null
        : weighted(
            f,
            COUNTRIES.map((c) => [c, c.weight] as const),
          );
    const people = locale(country?.locale ?? 'en').person;
    const firstName = people.firstName();
    const lastName = f.number.float() < 0.6 ? people.lastName() : null;
    const hasUsername = f.number.float() < 0.9;
    const username = hasUsername ? usernameFor(f, firstName, lastName, i) : null;
    const createdAt = time.userCreatedAt(i);
    const online = f.number.float() < ONLINE_SHARE;
    const sinceJoin = time.now - createdAt;
    const lastActive = online
      ? time.now - f.number.int({ min: 0, max: 4 * MINUTE })
      : time.now - Math.max(6 * MINUTE, sinceJoin * f.number.float() ** 2);
    const dailyStrike = f.number.int({ min: 0, max: 30 });
    const rich = f.number.float();
    const inviter = i > 20 && f.number.float() < REFERRED_SHARE ? referrerOf(f.number.float(), i) : null;
    rows.push({
      telegramId: telegramIdOf(i),
      username,
      firstName,
      lastName,
      avatar: null,
      isPremium: f.number.float() < PREMIUM_SHARE,
      countryName: country?.name ?? null,
      countryFlag: country?.flag ?? null,
      lang: country?.lang ?? 'en',
      tonBalance: rich < 0.35 ? '0' : decimal(f.number.float({ min: 0.01, max: rich > 0.97 ? 900 : 25 }), 2),
      starsBalance: rich < 0.3 ? 0 : f.number.int({ min: 1, max: rich > 0.95 ? 50_000 : 2_500 }),
      redChipBalance: f.number.int({ min: 0, max: rich > 0.9 ? 200_000 : 5_000 }),
      playBalance: f.number.int({ min: 0, max: 100_000 }),
      refNormal: f.number.int({ min: 0, max: 20 }),
      refPremium: f.number.int({ min: 0, max: 5 }),
      refTon: f.number.float() < 0.8 ? '0' : decimal(f.number.float({ min: 0.01, max: 15 }), 2),
      refRedChip: f.number.int({ min: 0, max: 2_000 }),
      dailyStrike,
      maxStrike: dailyStrike + f.number.int({ min: 0, max: 40 }),
      referredBy: inviter === null ? null : telegramIdOf(inviter),
      createdAt: new Date(createdAt),
      updatedAt: new Date(Math.max(createdAt, lastActive)),
      lastActive: new Date(Math.max(createdAt, lastActive)),
    });
  }
  return rows;
}
