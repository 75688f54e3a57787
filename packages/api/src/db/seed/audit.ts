import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Rows per statement: one transaction each, so memory and WAL per step stay bounded. */
const AUDIT_BATCH = 100_000;

/*
 * A year of a busy console, generated inside the database (1M rows through the driver would
 * take most of an hour): the demo admins (up to four) and four who are gone (kept by
 * username), the first few doing most of the work; actions weighted as they happen (balance
 * edits and sign-ins most, 2FA changes and exports rarely; support decides no withdrawals);
 * players from the users table with a long tail; times uniform over the 365 days before `now`.
 * `setseed` per batch makes the rows the same on every run.
 */
const fill = (rows: number, now: Date) => sql`
with actors(i, id, username) as (
  select row_number() over (order by id) - 1, id, username from (
    (select id, username from admins order by id limit 4)
    union all values (9001, 'ops-kate'), (9002, 'ops-liam'), (9003, 'finance-mia'), (9004, 'support-noah')) a
), kinds(i, action, entity, ids) as (
  select row_number() over (order by ord) - 1, action, entity, ids
  from (values
    (1, 'user.balances.update', 'user', 0, 30), (2, 'withdrawal.approve', 'withdrawal', 200000, 12), (3, 'withdrawal.reject', 'withdrawal', 200000, 4),
    (4, 'withdrawal.with-transfer', 'withdrawal', 200000, 6), (5, 'login.success', 'admin', 0, 14), (6, 'login.failure', 'admin', 0, 4), (7, 'logout', 'admin', 0, 6),
    (8, 'token.reuse', 'admin', 0, 1), (9, '2fa.enable', 'admin', 0, 1), (10, '2fa.disable', 'admin', 0, 1), (11, 'task.update', 'task', 40, 5),
    (12, 'task.create', 'task', 40, 1), (13, 'shop_item.update', 'shop_item', 30, 3), (14, 'loot_box.update', 'loot_box', 8, 2), (15, 'giveaway.create', 'giveaway', 25, 1),
    (16, 'mailing.start', 'mailing', 20, 1), (17, 'tournament.update', 'tournament', 15, 1), (18, 'settings.update', 'settings', 0, 2), (19, 'list.export', 'list', 0, 1)
  ) k(ord, action, entity, ids, weight), generate_series(1, weight)
), players(i, tid) as (
  select row_number() over (order by telegram_id) - 1, telegram_id from (select telegram_id from users order by telegram_id limit 50000) u
), counts as (
  select (select count(*) from actors) a, (select count(*) from kinds) k, (select count(*) from players) p
), draws as (
  select floor(random() ^ 1.7 * c.a)::int ai, floor(random() * c.k)::int ki, floor(random() ^ 3 * c.p)::int pi, random() r, random() t
  from generate_series(1, ${rows}::int), counts c
)
insert into audit_log (admin_id, admin_username, action, entity, entity_id, user_telegram_id, before, after, ip, user_agent, reason, created_at)
select
  case when k.action = 'login.failure' and d.r < 0.3 then null else a.id end,
  case when k.action = 'login.failure' and d.r < 0.3 then null else a.username end,
  k.action, k.entity,
  case k.entity when 'user' then p.tid::text when 'admin' then a.id::text when 'settings' then null when 'audit' then null
    else (1 + floor(d.r * k.ids))::int::text end,
  case when k.entity in ('user', 'withdrawal') then p.tid end,
  case when k.entity = 'user' then jsonb_build_object('tonBalance', round((d.r * 500)::numeric, 2)) end,
  case when k.entity = 'user' then jsonb_build_object('tonBalance', round((d.r * 500 + 10)::numeric, 2))
    when k.entity in ('task', 'shop_item', 'loot_box', 'tournament') then jsonb_build_object('status', d.r < 0.5) end,
  '10.' || (d.ai * 16 + 1) || '.' || floor(d.r * 250)::int || '.' || (1 + floor(d.t * 250)::int),
  case when d.ai % 3 = 0 then 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0' else 'Mozilla/5.0 (Macintosh) Safari/19.0' end,
  case when k.action = 'user.balances.update' and d.r < 0.4 then 'Support ticket #' || floor(d.t * 90000)::int end,
  ${now.toISOString()}::timestamptz - d.t * interval '365 days'
from draws d
join actors a on a.i = d.ai
join kinds k on k.i = case when a.username = 'support-noah' and d.ki in (select i from kinds where entity = 'withdrawal') then 0 else d.ki end
join players p on p.i = d.pi`;

/**
 * Adds `rows` audit rows about the seeded players (needs players). The rows are written with
 * triggers off (`session_replication_role = replica`, a superuser setting; PGlite's user is
 * one): the hash chain's commit trigger would seal them one by one, for hours. They carry no
 * hash, so `GET /manager/audit/verify` reports the chain broken on such a database; every
 * list and filter reads them as any other row.
 */
export async function seedAuditRows(
  db: Db,
  rows: number,
  now: Date,
  progress?: (done: number) => void,
): Promise<void> {
  for (let done = 0, batch = 0; done < rows; batch++) {
    const n = Math.min(AUDIT_BATCH, rows - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`select setseed(${(batch % 1000) / 1000})`);
      await tx.execute(fill(n, now));
    });
    done += n;
    progress?.(done);
  }
}
