import { sql, type SQL } from 'drizzle-orm';
import {
  LEADERBOARD_TOP,
  MONTH_DAYS,
  WEEK_DAYS,
  type LeaderboardRequest,
  type LeaderboardResponse,
} from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { DAY_MS } from '../lib/utc-days';
import { badRequest } from '../lib/envelope';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * [from, to) of a range. Day, week and month are the last 1, 7 and 30 days before `now`; a
 * custom range runs from its start to its end, and an end given as a bare date includes that
 * whole day (the console's date inputs send dates).
 */
function rangeOf(req: LeaderboardRequest, now: Date): { from: Date | null; to: Date | null } {
  const back = (days: number) => ({ from: new Date(now.getTime() - days * DAY_MS), to: null });
  switch (req.timeRange) {
    case 'day':
      return back(1);
    case 'week':
      return back(WEEK_DAYS);
    case 'month':
      return back(MONTH_DAYS);
    case 'all':
      return { from: null, to: null };
    case 'custom': {
      const from = new Date(req.customStartDate!);
      const end = new Date(req.customEndDate!);
      const to = DATE_ONLY.test(req.customEndDate!) ? new Date(end.getTime() + DAY_MS) : end;
      if (to <= from) throw badRequest('customEndDate: must not be before customStartDate');
      // The day after 9999-12-31 is past every stored date, and PostgreSQL cannot read it as ISO text.
      return { from, to: to.getUTCFullYear() > 9999 ? null : to };
    }
  }
}

const within = (column: SQL, range: { from: Date | null; to: Date | null }) =>
  sql`${range.from ? sql`${column} >= ${range.from.toISOString()}` : sql`true`} and ${range.to ? sql`${column} < ${range.to.toISOString()}` : sql`true`}`;

type Row = {
  id: string | number;
  avatar: string | null;
  username: string | null;
  win: unknown;
  loss: unknown;
  total: unknown;
  refs: unknown;
  participants: unknown;
};

/** POST /leaderboard: top 100 by wins (games) or invitations (referrals) within the range. */
export async function readLeaderboard(
  db: Db,
  req: LeaderboardRequest,
  now: Date,
): Promise<LeaderboardResponse> {
  const range = rangeOf(req, now);
  const query =
    req.type === 'game'
      ? sql`
        with sides as (
          select g.player1_id as id, g.winner_telegram_id = g.player1_id as won from games g
          where g.status = 'finished' and ${within(sql`g.created_at`, range)}
          union all
          select g.player2_id, g.winner_telegram_id = g.player2_id from games g
          where g.status = 'finished' and g.player2_id is not null and ${within(sql`g.created_at`, range)}
        ),
        ranked as (
          select id, count(*) filter (where won) as win, count(*) filter (where not won) as loss, count(*) as total,
                 count(*) over () as participants
          from sides group by id
          order by win desc, total desc, id limit ${LEADERBOARD_TOP}
        )
        select r.*, 0 as refs, u.avatar, coalesce(u.username, u.first_name) as username from ranked r join users u on u.telegram_id = r.id
        order by r.win desc, r.total desc, r.id`
      : sql`
        with ranked as (
          select referred_by as id, count(*) as refs, count(*) over () as participants from users
          where referred_by is not null and ${within(sql`created_at`, range)}
          group by referred_by order by refs desc, referred_by limit ${LEADERBOARD_TOP}
        )
        select r.*, 0 as win, 0 as loss, 0 as total, u.avatar, coalesce(u.username, u.first_name) as username from ranked r join users u on u.telegram_id = r.id
        order by r.refs desc, r.id`;
  const rows = await executeRows<Row>(db, query);
  return {
    type: req.type,
    timeRange: req.timeRange,
    totalParticipants: Number(rows[0]?.participants ?? 0),
    top100: rows.map((r, i) => ({
      rank: i + 1,
      avatar: r.avatar,
      username: r.username,
      telegramId: Number(r.id),
      win: Number(r.win),
      loss: Number(r.loss),
      totalGame: Number(r.total),
      referralCount: Number(r.refs),
    })),
  };
}
