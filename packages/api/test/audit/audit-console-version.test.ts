import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResponseSchema, CONSOLE_VERSION_MAX_LENGTH, envelope } from '@manager/contract';
import { verifyAuditChain } from '../../src/audit/chain';
import { users } from '../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { giftWithdrawal, rows } from '../support/withdrawals-fixtures';

/*
 * `X-Console-Version`: the console builds an admin runs, kept in every audit row their call
 * writes (docs/audit.md), refused with a 400 naming it when it is not a plain short text.
 */
let t: TestApp;
let token: string;
const VERSION = 'shell@0.1.0+ab12cd34 settings@0.1.0-3f9a2c1b users@0.1.0';
const PLAYER = 7_400_000_001;
const ZERO = {
  tonBalance: 0,
  starsBalance: 0,
  redChipBalance: 0,
  playBalance: 0,
  refNormal: 0,
  refPremium: 0,
};

beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t)).accessToken;
  await t.db.insert(users).values({ telegramId: PLAYER, username: 'console_version_player' });
});
afterAll(() => t?.close());

const lastId = async () =>
  Number((await rows(t, sql`select coalesce(max(id), 0) as id from audit_log`))[0]!.id);
const rowsAfter = (id: number) =>
  rows(t, sql`select action, console_version from audit_log where id > ${id} order by id`) as Promise<
    Array<{ action: string; console_version: string | null }>
  >;
const withVersion = (value: string) => ({ 'x-console-version': value });
const balances = (starsBalance: number, expected: number, headers: Record<string, string> = {}) =>
  t.call({
    method: 'PUT',
    url: `/manager/users/${PLAYER}/balances`,
    token,
    headers,
    payload: {
      ...ZERO,
      starsBalance,
      expected: { ...ZERO, starsBalance: expected },
      reason: 'console version test',
    },
  });
const stars = async () =>
  Number(
    (await rows(t, sql`select stars_balance from users where telegram_id = ${PLAYER}`))[0]!.stars_balance,
  );

describe('X-Console-Version in audit rows', () => {
  it('is kept in every row the call writes: a sign-in, a withdrawal approved with transfer (claim and decision)', async () => {
    const before = await lastId();
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: withVersion(VERSION),
      payload: { identifier: t.demo.admin.username, password: t.demo.admin.password },
    });
    expect(login.statusCode).toBe(200);
    const { withdrawal } = await giftWithdrawal(t);
    const decided = await t.call({
      method: 'POST',
      url: '/manager/withdrawals/with-transfer',
      token,
      headers: withVersion(VERSION),
      payload: withdrawal,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await rowsAfter(before)).toEqual([
      { action: 'auth.login.success', console_version: VERSION },
      { action: 'withdrawal.transfer_claim', console_version: VERSION },
      { action: 'withdrawal.approve_with_transfer', console_version: VERSION },
    ]);
    expect((await verifyAuditChain(t.db)).valid).toBe(true);
  });

  it('is null when the call does not say, or says nothing but spaces', async () => {
    const before = await lastId();
    expect((await balances(1, 0)).statusCode).toBe(200);
    expect((await balances(2, 1, withVersion('   '))).statusCode).toBe(200);
    expect((await rowsAfter(before)).map((r) => r.console_version)).toEqual([null, null]);
  });

  it("is listed by GET /manager/audit and exported as the CSV's last column, the export's own row included", async () => {
    const before = await lastId();
    expect((await balances(3, 2, withVersion(VERSION))).statusCode).toBe(200);
    const list = await t.call({
      method: 'GET',
      url: `/manager/audit?userTelegramId=${PLAYER}&limit=100`,
      token,
    });
    const entries = envelope(auditResponseSchema).parse(list.json()).data.entries;
    expect(entries.map((e) => e.consoleVersion)).toEqual([VERSION, null, null]);

    const exported = await t.call({
      method: 'GET',
      url: `/manager/audit/export?userTelegramId=${PLAYER}`,
      token,
      headers: withVersion('shell@0.2.0+cafe0001'),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.slice(1).split('\r\n')[0]).toMatch(/,reason,consoleVersion$/);
    const records = parse(exported.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => r.consoleVersion)).toEqual([VERSION, '', '']);
    expect(await rowsAfter(before)).toEqual([
      { action: 'user.balances.update', console_version: VERSION },
      { action: 'audit.export', console_version: 'shell@0.2.0+cafe0001' },
    ]);
  });
});

describe('a bad X-Console-Version', () => {
  it('is refused with a 400 naming the header, before anything is written', async () => {
    const before = await lastId();
    const held = await stars();
    const bad = [
      'x'.repeat(CONSOLE_VERSION_MAX_LENGTH + 1),
      'shell@0.1.0<script>',
      'shell@0.1.0, users@0.1.0',
      'shell@0.1.0;drop',
      'shéll@0.1.0',
      'a/b',
    ];
    for (const value of bad) {
      const res = await balances(held + 1, held, withVersion(value));
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message, value).toMatch(/^X-Console-Version: /);
    }
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: withVersion('é'),
      payload: { identifier: t.demo.admin.username, password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(400);
    expect(await stars()).toBe(held);
    expect(await lastId()).toBe(before);
  });

  it('is accepted up to the limit, with every allowed character', async () => {
    const longest = `shell@1.2.3-rc.1+AbC_09:x ${'u'.repeat(CONSOLE_VERSION_MAX_LENGTH - 26)}`;
    expect(longest).toHaveLength(CONSOLE_VERSION_MAX_LENGTH);
    const before = await lastId();
    const held = await stars();
    expect((await balances(held + 1, held, withVersion(longest))).statusCode).toBe(200);
    expect(await rowsAfter(before)).toEqual([{ action: 'user.balances.update', console_version: longest }]);
  });
});

describe('CORS', () => {
  it('lets the console, on another origin, send the header', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/manager/users',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-console-version',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']?.toString().toLowerCase()).toContain(
      'x-console-version',
    );
  });
});
