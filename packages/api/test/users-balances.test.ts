import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateBalancesResponseSchema } from '@manager/contract';
import { users } from '../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from './helper';
import { api } from './users-support';

let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;
const ID = 7_000_000_001;
const url = `/manager/users/${ID}/balances`;
const VALID = { tonBalance: 12.34, starsBalance: 500, redChipBalance: 7, playBalance: 0, refNormal: 3, refPremium: 1 };

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(users).values({ telegramId: ID, username: 'balance_case', tonBalance: '1.5', starsBalance: 10 });
  token = (await signIn(t)).accessToken;
  h = api(t, () => token);
});
afterAll(async () => {
  await t?.close();
});

const stored = () => h.one(`select ton_balance::text as ton, stars_balance::int as stars, red_chip_balance::int as red,
  play_balance::int as play, ref_normal as rn, ref_premium as rp from users where telegram_id = ${ID}`);
const audits = () => h.rows(`select * from audit_log where action = 'user.balances.update' order by id`);

describe('PUT /manager/users/:telegramId/balances', () => {
  it('rejects bad values with 400 naming the field and changes nothing', async () => {
    const before = await stored();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...VALID, tonBalance: -1 }, 'tonBalance'],
      [{ ...VALID, tonBalance: 'NaN' }, 'tonBalance'],
      [{ ...VALID, tonBalance: 1.234 }, 'tonBalance'],
      [{ ...VALID, tonBalance: 1e12 }, 'tonBalance'],
      [{ ...VALID, starsBalance: 'abc' }, 'starsBalance'],
      [{ ...VALID, redChipBalance: 1.5 }, 'redChipBalance'],
      [{ ...VALID, playBalance: -3 }, 'playBalance'],
      [{ ...VALID, refNormal: 'Infinity' }, 'refNormal'],
      [{ ...VALID, refPremium: null }, 'refPremium'],
      [{ ...VALID, refPremium: undefined }, 'refPremium'],
      [{ ...VALID, starsBalance: '' }, 'starsBalance'],
    ];
    for (const [payload, field] of cases) {
      const res = await h.call('PUT', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}:`));
    }
    expect((await h.call('PUT', url)).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(0);
  });

  it('keeps a sub-cent TON balance when only other fields are edited', async () => {
    await h.rows(`update users set ton_balance = '1.123456789' where telegram_id = ${ID}`);
    // The console shows and sends TON rounded to cents: 1.12 means "TON not edited".
    expect((await h.call('PUT', url, { ...VALID, tonBalance: 1.12 })).statusCode).toBe(200);
    expect((await stored()).ton).toBe('1.123456789');
    expect((await stored()).stars).toBe(VALID.starsBalance);
    expect((await h.call('PUT', url, { ...VALID, tonBalance: 1.13 })).statusCode).toBe(200);
    expect((await stored()).ton).toBe('1.130000000');
    // Leave the row and the audit log as the next test expects them.
    await h.rows(`update users set ton_balance = '1.5', stars_balance = 10, red_chip_balance = 0, play_balance = 0,
      ref_normal = 0, ref_premium = 0 where telegram_id = ${ID}`);
    await h.rows(`delete from audit_log where action = 'user.balances.update'`);
  });

  it('stores TON exactly, answers the updated user and writes one audit row', async () => {
    const res = await h.call('PUT', url, { ...VALID, tonBalance: 0.29 });
    expect(res.statusCode, res.body).toBe(200);
    const user = updateBalancesResponseSchema.parse(res.json().data);
    expect(user).toMatchObject({ ...VALID, tonBalance: 0.29 });
    expect((await stored()).ton).toBe('0.290000000');
    const [audit] = await audits();
    const admin = await h.one(`select id from admins where username = '${t.demo.admin.username}'`);
    expect(audit).toMatchObject({ admin_id: admin.id, entity: 'user', entity_id: String(ID) });
    expect(audit!.before).toMatchObject({ tonBalance: '1.500000000', starsBalance: 10, refNormal: 0 });
    expect(audit!.after).toMatchObject({ tonBalance: '0.290000000', starsBalance: 500, refNormal: 3 });
    expect(audit!.created_at).toBeTruthy();
  });

  it('accepts numeric strings (form inputs) and answers 404 for an unknown player', async () => {
    const res = await h.call('PUT', url, { ...VALID, tonBalance: '2.5', starsBalance: '42' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ ton: '2.500000000', stars: 42 });
    const missing = await h.call('PUT', '/manager/users/123/balances', VALID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect(await audits()).toHaveLength(2);
  });

  it('keeps every edit and its audit when two admins save at once', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => h.call('PUT', url, { ...VALID, starsBalance: n })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await audits();
    expect(rows).toHaveLength(5);
    // Each edit's "before" is the previous edit's "after": no lost update in the trail.
    const chain = rows.slice(2).map((r) => [(r.before as { starsBalance: number }).starsBalance, (r.after as { starsBalance: number }).starsBalance]);
    for (let i = 1; i < chain.length; i++) expect(chain[i]![0]).toBe(chain[i - 1]![1]);
  });
});
