import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { GameHistoryQuery, GameHistoryResponse, Person } from '@manager/contract';
import { executeRows, type Db, type DbOrTx } from '../db/client';
import { games, users } from '../db/schema/index';
import { countRows, FAR_OFFSET, inListOrder, listDaysOf, pageIds, pagesOf } from '../lib/lists';
import { personColumns, personOf } from '../lib/person';
import { containsAny, playerSearch } from '../lib/search';

/**
 * The ids of the games whose room code contains the text or with a player whose name or id
 * matches. A UNION of three index-served lookups (room-code trigram index; the matching
 * players, found once through the trigram indexes, then their games through games_player1_idx
 * and games_player2_idx) instead of one OR, which the planner could only answer by scanning
 * every game. The players are a materialized CTE: read once for both player columns, and the
 * query planned with one player lookup instead of two.
 */
function gameSearchIds(search: string): SQL {
  return sql`
    with players as materialized (select ${users.telegramId} from ${users} where ${playerSearch(search)})
    select id from games where ${containsAny([games.roomCode], search)}
    union select id from games where player1_id in (select telegram_id from players)
    union select id from games where player2_id in (select telegram_id from players)`;
}

/** Room code containing the text, or a player whose name or id matches (gameSearchIds). */
export function gameSearch(search: string | undefined): SQL | undefined {
  return search ? sql`${games.id} in (${gameSearchIds(search)})` : undefined;
}

/** How many games match the search: the union's distinct ids counted as they are (they are game ids already). */
export async function gameSearchCount(db: DbOrTx, search: string): Promise<number> {
  const [row] = await executeRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (${gameSearchIds(search)}) m`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A search's total and a near page of its ids (newest first) in one statement: the matching
 * games are found, and the statement planned, once rather than once for the count and once
 * for the page.
 */
async function searchedPage(
  db: DbOrTx,
  search: string,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  const [row] = await executeRows<{ n: number | string; ids: (number | string)[] }>(
    db,
    sql`
    with m as materialized (${gameSearchIds(search)})
    select (select count(*) from m) as n,
      array(select g.id from games g where g.id in (select id from m) order by g.created_at desc, g.id desc limit ${limit} offset ${offset}) as ids`,
  );
  return { total: Number(row?.n ?? 0), ids: (row?.ids ?? []).map(Number) };
}

/** Game history: newest rooms first, both players joined from one lookup (no N+1). */
export async function listGames(db: Db, query: GameHistoryQuery): Promise<GameHistoryResponse> {
  const where = gameSearch(query.search);
  const offset = (query.page - 1) * query.limit;
  const page =
    query.search && offset < FAR_OFFSET
      ? await searchedPage(db, query.search, query.limit, offset)
      : await pageIds(
          query,
          // Without a search the total is the trigger-kept row count (5M games: no count scan).
          () => (query.search ? gameSearchCount(db, query.search) : countRows(db, 'games')),
          async (read) =>
            (await inListOrder(db.select({ id: games.id }).from(games).$dynamic(), games, where, read)).map(
              (r) => r.id,
            ),
          where ? undefined : () => listDaysOf(db, 'games'),
        );
  const totalGames = page.total;
  const rows = page.ids.length
    ? await db
        .select()
        .from(games)
        .where(inArray(games.id, page.ids))
        .orderBy(desc(games.createdAt), desc(games.id))
    : [];
  const ids = [
    ...new Set(rows.flatMap((g) => (g.player2Id === null ? [g.player1Id] : [g.player1Id, g.player2Id]))),
  ];
  const people = ids.length
    ? await db.select(personColumns('p', users)).from(users).where(inArray(users.telegramId, ids))
    : [];
  const byId = new Map<number, Person>(people.map((p) => [p.p_telegramId, personOf(p, 'p')!]));
  return {
    games: rows.map((g) => ({
      id: g.id,
      roomCode: g.roomCode,
      isPrivate: g.isPrivate,
      currentRoundNumber: g.currentRoundNumber,
      slippage: Number(g.slippage),
      player1: byId.get(g.player1Id) ?? null,
      player2: g.player2Id === null ? null : (byId.get(g.player2Id) ?? null),
      winnerTelegramId: g.winnerTelegramId,
      scores: { player1: g.score1, player2: g.score2 },
      player1Rewards: g.player1Rewards,
      player2Rewards: g.player2Rewards,
      createdAt: g.createdAt.toISOString(),
    })),
    pagination: { ...pagesOf(query, totalGames), totalGames },
  };
}
