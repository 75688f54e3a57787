import { count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { UsersQuery, UsersResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { asTelegramId, containsAny } from './search';
import { countsFor, countsOf } from './user-stats';
import { toUserSummary } from './user-rows';

/** Username, first or last name containing the text (trigram indexes), or the exact Telegram id. */
export function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const byName = containsAny([users.username, users.firstName, users.lastName], search);
  const id = asTelegramId(search);
  return id === null ? byName : or(byName, eq(users.telegramId, id));
}

/** GET /users: newest players first, one page, with their game and referral counts. */
export async function listUsers(db: Db, query: UsersQuery, now: Date): Promise<UsersResponse> {
  const where = userSearch(query.search);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.telegramId)).limit(query.limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const counts = await countsFor(db, rows.map((r) => r.telegramId));
  const totalUsers = Number(total[0]?.n ?? 0);
  return {
    users: rows.map((r) => toUserSummary(r, countsOf(counts, r.telegramId), now)),
    pagination: {
      totalPages: Math.ceil(totalUsers / query.limit),
      totalUsers,
      currentPage: query.page,
      usersPerPage: query.limit,
    },
  };
}
