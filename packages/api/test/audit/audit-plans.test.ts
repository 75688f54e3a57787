import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditFilter } from '@manager/contract';
import { auditRowsQuery } from '../../src/audit/repository';
import { buildTestApp, type TestApp } from '../support/helper';
import { rowsOf } from '../support/tasks-helpers';

/*
 * The log must stay fast at millions of rows (the bench measures 1M on PostgreSQL): every
 * filter's page is read through that filter's index, never by scanning the table, and in the
 * log's order, so nothing but a few matching rows is ever sorted (for a rare value the planner
 * may rightly fetch its handful of rows and sort them). Checked on the plans the database makes
 * for 60,000 rows spread over a year, on PGlite and on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`
    insert into audit_log (admin_id, admin_username, action, entity, entity_id, user_telegram_id, created_at)
    select 1 + g % 8, 'admin' || (1 + g % 8),
      -- Admin 3 never approves withdrawals.
      case when g % 8 = 2 and (g * 7) % 5 = 1 then 'task.update'
        else (array['user.balances.update', 'withdrawal.approve', 'task.update', 'login.success', 'settings.update'])[1 + (g * 7) % 5] end,
      (array['user', 'withdrawal', 'task', 'admin', 'settings'])[1 + (g * 7) % 5],
      case when (g * 7) % 5 = 4 then null else ((g * 13) % 5000)::text end,
      case when (g * 7) % 5 < 2 then 700000 + (g * 13) % 5000 end,
      timestamptz '2024-01-01' + ((g * 7919) % 525600) * interval '1 minute'
    from generate_series(1, 60000) g`);
  await t.db.execute(sql`analyze audit_log`);
}, 120_000);
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

async function planOf(filter: AuditFilter, after?: { at: string; id: number }): Promise<PlanNode[]> {
  const query = auditRowsQuery(t.db, filter, 51, after).getSQL();
  const [row] = await rowsOf(t, sql`explain (format json) ${query}`);
  const json = Object.values(row!)[0];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
  return nodesOf(plan[0]!.Plan);
}

/** Matching rows the planner may fetch and sort instead of reading an index in order. */
const SMALL_SORT = 200;

const position = { at: '2024-07-01T12:00:00.000000Z', id: 30000 };
const cases: Array<[string, AuditFilter, string, { at: string; id: number }?]> = [
  ['no filter', {}, 'audit_log_created_idx'],
  ['a deep page', {}, 'audit_log_created_idx', position],
  ['admin', { adminId: 3 }, 'audit_log_admin_idx'],
  ['action', { action: 'task.update' }, 'audit_log_action_idx'],
  [
    'admin and an action they never took',
    { adminId: 3, action: 'withdrawal.approve' },
    'audit_log_admin_action_idx',
  ],
  ['entity type', { entityType: 'settings' }, 'audit_log_entity_type_idx'],
  ['entity type and id', { entityType: 'withdrawal', entityId: '42' }, 'audit_log_entity_idx'],
  ['entity id', { entityId: '42' }, 'audit_log_entity_id_idx'],
  ['player', { userTelegramId: 700042 }, 'audit_log_user_idx'],
  [
    'date range',
    { from: new Date('2024-03-01T00:00:00Z'), to: new Date('2024-03-31T23:59:59.999Z') },
    'audit_log_created_idx',
  ],
  [
    'admin and date range, a later page',
    { adminId: 5, from: new Date('2024-02-01T00:00:00Z'), to: new Date('2024-11-30T00:00:00Z') },
    'audit_log_admin_idx',
    position,
  ],
  [
    'player and date range',
    { userTelegramId: 700042, from: new Date('2024-02-01T00:00:00Z') },
    'audit_log_user_idx',
  ],
];

describe('query plans of GET /manager/audit', () => {
  it('has a large enough log to plan on', async () => {
    expect(Number((await rowsOf(t, sql`select count(*) as n from audit_log`))[0]!.n)).toBeGreaterThanOrEqual(
      60000,
    );
  });

  it.each(cases)(
    '%s: read through its index, no table scan, no sort of more than a handful of rows',
    async (_name, filter, index, after) => {
      const nodes = await planOf(filter, after);
      const what = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name'], n['Plan Rows']]));
      expect(
        nodes.map((n) => n['Node Type']),
        what,
      ).not.toContain('Seq Scan');
      expect(nodes.find((n) => n['Index Name'])?.['Index Name'], what).toBe(index);
      for (const sort of nodes.filter((n) => n['Node Type'].endsWith('Sort'))) {
        expect(sort.Plans?.[0]?.['Plan Rows'], what).toBeLessThanOrEqual(SMALL_SORT);
      }
    },
  );
});
