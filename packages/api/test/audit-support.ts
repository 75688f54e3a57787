import { gt, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { auditLog } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helper';

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
export const auditTestApp = (env: Record<string, string> = {}, options: Parameters<typeof buildTestApp>[1] = {}) =>
  buildTestApp({ TRUST_PROXY: PROXY, ...env }, options);

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
