import { gt, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  AUDIT_SIGN_IN_ACTIONS,
  auditEntrySchema,
  auditResponseSchema,
  envelope,
  type AuditEntry,
} from '@manager/contract';
import { auditLog } from '../../src/db/schema/index';
import { buildTestApp, type TestApp } from './helper';
import { rowsOf } from './tasks-helpers';

/** The players, entities and actions the fixture spreads its rows over. */
export const PLAYERS = [700001, 700002, 700003];
export const GONE_ADMIN = { id: 9999, username: 'gone-admin' };
const ACTIONS = [
  { action: 'user.balances.update', entity: 'user' },
  { action: 'withdrawal.approve', entity: 'withdrawal' },
  { action: 'task.update', entity: 'task' },
  { action: 'login.failure', entity: 'admin' },
];

/** Instants around one millisecond, to the microsecond: the date bounds are judged on these. */
export const EDGE = {
  ms: '2024-03-01T10:00:00.123Z',
  rows: [
    '2024-03-01T10:00:00.122999Z',
    '2024-03-01T10:00:00.123000Z',
    '2024-03-01T10:00:00.123456Z',
    '2024-03-01T10:00:00.123999Z',
    '2024-03-01T10:00:00.124000Z',
  ],
  lastOfDay: '2024-03-01T23:59:59.999999Z',
  nextDay: '2024-03-02T00:00:00.000000Z',
};

/**
 * Writes the fixture in one statement (one transaction): `sameTime` rows at the transaction's
 * own time (equal created_at, the hard case for paging), then rows spread over 2024 with
 * microseconds, pairs of them at equal times, then the edge instants. Admins: the two demo
 * admins, one that no longer exists (kept by username), and none (a failed sign-in).
 */
export async function insertFixture(t: TestApp, sameTime = 100, spread = 80): Promise<DemoAdminIds> {
  const demo = await demoAdminIds(t);
  const admins = [demo.admin, demo.twoFactor, GONE_ADMIN, { id: null, username: null }];
  const row = (i: number, createdAt?: string) => {
    const admin = admins[i % admins.length]!;
    const { action, entity } = ACTIONS[i % ACTIONS.length]!;
    const player = PLAYERS[i % PLAYERS.length]!;
    // Entity ids repeat across kinds ("5" is a withdrawal and a task) and users are their Telegram id.
    const entityId = entity === 'user' ? String(player) : entity === 'admin' ? null : String(i % 7);
    return {
      adminId: admin.id,
      adminUsername: admin.username,
      action,
      entity,
      entityId,
      userTelegramId: entity === 'user' || entity === 'withdrawal' ? player : null,
      before: entity === 'user' ? { tonBalance: i } : null,
      after: entity === 'user' ? { tonBalance: i + 1 } : entity === 'task' ? { title: `Task ${i}` } : null,
      ...(createdAt ? { createdAt: sql`${createdAt}::timestamptz` as unknown as Date } : {}),
    };
  };
  const spreadAt = (i: number) => {
    const day = Math.floor(i / 2) * 4; // pairs share an instant
    return new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + (i % 13) * 3_600_000)
      .toISOString()
      .replace('Z', `${String((i * 37) % 1000).padStart(3, '0')}Z`);
  };
  const values = [
    ...Array.from({ length: sameTime }, (_, i) => row(i)),
    ...Array.from({ length: spread }, (_, i) => row(i, spreadAt(i - (i % 2)))),
    ...[...EDGE.rows, EDGE.lastOfDay, EDGE.nextDay].map((at, i) => row(i, at)),
  ];
  await t.db.insert(auditLog).values(values);
  return demo;
}

export interface DemoAdminIds {
  admin: { id: number; username: string };
  twoFactor: { id: number; username: string };
}

export async function demoAdminIds(t: TestApp): Promise<DemoAdminIds> {
  const rows = await rowsOf(t, sql`select id, username from admins`);
  const of = (username: string) => {
    const row = rows.find((r) => r.username === username);
    if (!row) throw new Error(`no admin ${username}`);
    return { id: Number(row.id), username };
  };
  return { admin: of(t.demo.admin.username), twoFactor: of(t.demo.twoFactorAdmin.username) };
}

/** What the log holds, as the API must order it: newest first by the microsecond, then by id. */
export interface OracleRow {
  id: number;
  /** created_at to the microsecond, fixed width, so text order is time order. */
  pos: string;
  adminId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  userTelegramId: number | null;
}

export async function oracle(t: TestApp): Promise<OracleRow[]> {
  const rows = await rowsOf(
    t,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as pos, admin_id, action, entity, entity_id, user_telegram_id from audit_log`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      pos: String(r.pos),
      adminId: r.admin_id === null ? null : Number(r.admin_id),
      action: String(r.action),
      entity: String(r.entity),
      entityId: r.entity_id === null ? null : String(r.entity_id),
      userTelegramId: r.user_telegram_id === null ? null : Number(r.user_telegram_id),
    }))
    .sort((a, b) => (a.pos === b.pos ? b.id - a.id : a.pos < b.pos ? 1 : -1));
}

export type Filter = Partial<
  Record<
    'adminId' | 'action' | 'entityType' | 'entityId' | 'userTelegramId' | 'signIns' | 'from' | 'to',
    string
  >
>;

/** The rows `filter` selects, by the filter's documented meaning: `to` includes its whole millisecond. */
export function expected(rows: OracleRow[], f: Filter): number[] {
  const ms = (pos: string) => Date.parse(`${pos.slice(0, 23)}Z`);
  return rows
    .filter(
      (r) =>
        (f.adminId === undefined || r.adminId === Number(f.adminId)) &&
        (f.action === undefined || r.action === f.action) &&
        (f.entityType === undefined || r.entity === f.entityType) &&
        (f.entityId === undefined || r.entityId === f.entityId) &&
        (f.userTelegramId === undefined || r.userTelegramId === Number(f.userTelegramId)) &&
        (f.signIns !== 'false' || !(AUDIT_SIGN_IN_ACTIONS as readonly string[]).includes(r.action)) &&
        (f.from === undefined || ms(r.pos) >= Date.parse(f.from)) &&
        (f.to === undefined || ms(r.pos) <= Date.parse(f.to)),
    )
    .map((r) => r.id);
}

export const queryString = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): Array<[string, string]> =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  ).toString();

/** One page of GET /manager/audit, checked against the contract. */
export async function page(t: TestApp, token: string, params: Record<string, string | number | undefined>) {
  const res = await t.call({ method: 'GET', url: `/manager/audit?${queryString(params)}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(auditResponseSchema).parse(res.json()).data;
}

/** Every page of a filter, following nextCursor: the entries in order; no entry may come twice. */
export async function allPages(
  t: TestApp,
  token: string,
  filter: Filter,
  limit?: number,
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const data = await page(t, token, { ...filter, limit, cursor });
    expect(data.entries.length).toBeLessThanOrEqual(limit ?? 50);
    for (const e of data.entries) auditEntrySchema.parse(e);
    entries.push(...data.entries);
    if (data.nextCursor === null) break;
    expect(data.entries.length, 'a page before the last is full').toBe(limit ?? 50);
    cursor = data.nextCursor;
  }
  const ids = entries.map((e) => e.id);
  expect(new Set(ids).size, 'no entry twice').toBe(ids.length);
  return entries;
}

// Rows written through the API: a mark, the rows after it, the request's sender.

/** An audit row as the tests compare it: every column a writer fills. */
export interface AuditRow {
  adminId: number | null;
  adminUsername: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  userTelegramId: number | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
  reason: string | null;
}

const columns = {
  adminId: auditLog.adminId,
  adminUsername: auditLog.adminUsername,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  userTelegramId: auditLog.userTelegramId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  reason: auditLog.reason,
};

/** The newest audit row's id: rows written after it are the ones a step wrote. */
export async function auditMark(t: Pick<TestApp, 'db'>): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  return Number(row!.id);
}

/** The rows written since `mark`, oldest first. */
export const auditRowsSince = (t: Pick<TestApp, 'db'>, mark: number): Promise<AuditRow[]> =>
  t.db.select(columns).from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);

/** A stored row as its audit row holds it: dates as ISO text, numeric columns as their text. */
export const asJson = <T>(row: T): unknown => JSON.parse(JSON.stringify(row));

/** The proxy the test requests come through (inject's peer) and the client address it forwards. */
export const PROXY = '127.0.0.1';
export const CLIENT_IP = '203.0.113.7';

/** A test app behind a trusted proxy, so each request's address is the forwarded one. */
export const auditTestApp = (
  env: Record<string, string> = {},
  options: Parameters<typeof buildTestApp>[1] = {},
) => buildTestApp({ TRUST_PROXY: PROXY, ...env }, options);

/** Who sends a request: the admin's token, the client's address and browser. */
export interface Sender {
  token?: string;
  ip?: string;
  userAgent: string;
}

/** `t.call` from `sender`: through the proxy, with their address and user agent. */
export const callAs = (t: TestApp, sender: Sender, opts: InjectOptions): Promise<LightMyRequestResponse> =>
  t.call({
    ...opts,
    ...(sender.token ? { token: sender.token } : {}),
    remoteAddress: PROXY,
    headers: { ...opts.headers, 'user-agent': sender.userAgent, 'x-forwarded-for': sender.ip ?? CLIENT_IP },
  });
