import { TIME_AGO_UNITS } from '../lib/time-ago';

/**
 * The users list page as JSON text built by the database. At a million users the
 * API's own CPU per page limited the request rate: 50 rows through the driver's type parsers,
 * Drizzle's row mapping, `toUserSummary` and `JSON.stringify` cost more than the queries. Here
 * PostgreSQL returns the page's `users` array as ONE text value, in the contract's
 * `UserSummary` shape, so the API copies it into the response without touching each row.
 *
 * It must stay equal to `toUserSummary(row, countsFor(...), now)` (a test compares both on
 * every seeded player and after writes): money (`numeric`) as a JSON number (`::float8` is the
 * nearest double, like `Number(text)`), dates as ISO text truncated to milliseconds (like a JS
 * `Date`), finished games, wins, losses and referrals from the trigger-kept `user_counts`
 * (equal to what `countsFor` aggregates from `games` and `users`), and `joinedAgo` as `timeAgo`
 * against the request's clock (`now` in epoch milliseconds, a parameter).
 */

/** `to_char` of a timestamptz as `Date.prototype.toISOString` prints it (milliseconds truncated). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `timeAgo(createdAt, now)` over `age_ms` (now minus created_at, both truncated to ms). */
function joinedAgoSql(): string {
  const cases = TIME_AGO_UNITS.map(
    ([unit, ms]) =>
      `when a.age_ms >= ${ms} then (a.age_ms / ${ms})::text || case when a.age_ms / ${ms} = 1 then ' ${unit} ago' else ' ${unit}s ago' end`,
  );
  return `case ${cases.join(' ')} else 'just now' end`;
}

/**
 * The JSON array (text) of the players produced by `rowsSql`, a FROM item aliased `u` with
 * every `users` column plus `ord` (list position). `nowParam` is the `$n` of the clock (ms).
 */
export function summariesJsonSql(rowsSql: string, nowParam: string): string {
  return `(select coalesce('[' || string_agg(x.j, ',' order by x.ord) || ']', '[]') from (
    select u.ord, row_to_json(s)::text as j
    from ${rowsSql}
    left join user_counts c on c.telegram_id = u.telegram_id
    cross join lateral (select ${nowParam}::bigint - floor(extract(epoch from u.created_at) * 1000)::bigint as age_ms) as a
    cross join lateral (
      select u.telegram_id as "telegramId", u.username, u.first_name as "firstName", u.last_name as "lastName",
        u.avatar, u.is_premium as "isPremium", u.country_name as "countryName", u.country_flag as "countryFlag",
        u.lang, u.ton_balance::float8 as "tonBalance", u.stars_balance as "starsBalance",
        u.red_chip_balance as "redChipBalance", u.play_balance as "playBalance", u.ref_normal as "refNormal",
        u.ref_premium as "refPremium", u.ref_ton::float8 as "refTon", u.ref_red_chip as "refRedChip",
        coalesce(c.games, 0) as "totalGames", coalesce(c.won, 0) as "gamesWon", coalesce(c.games - c.won, 0) as "gamesLost",
        coalesce(c.referrals, 0) as "referralsCount",
        u.daily_strike as "dailyStrike", u.max_strike as "maxStrike",
        ${iso('u.updated_at')} as "updatedAt", ${iso('u.created_at')} as "createdAt", ${iso('u.last_active')} as "lastActive",
        ${joinedAgoSql()} as "joinedAgo"
    ) as s
  ) as x)`;
}

/** Players whose ids are in the array `idsExpr`, in the array's order (`ord`). */
export const byIdsRows = (idsExpr: string) =>
  `(select p.*, k.ord from unnest(${idsExpr}) with ordinality as k(id, ord) join users p on p.telegram_id = k.id) as u`;

const STATS = (column: 'row_count' | 'version') => `(select ${column} from table_stats where name = 'users')`;

/** The players with the ids `$1` (bigint[], list order) and the users version, `$2` now (ms). */
export const BY_IDS_PAGE_SQL = `select ${STATS('version')} as version, ${summariesJsonSql(byIdsRows('$1::bigint[]'), '$2')} as users`;
