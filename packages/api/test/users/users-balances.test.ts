import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateBalancesResponseSchema } from '@manager/contract';
import { users } from '../../src/db/schema/index';
import { auditMark } from '../support/audit-support';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { api } from '../support/users-support';
import { twoAdmins } from '../support/withdrawals-fixtures';

let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;
const ID = 7_000_000_001;
const url = `/manager/users/${ID}/balances`;
const FIGURES = [
  'tonBalance',
  'starsBalance',
  'redChipBalance',
  'playBalance',
  'refNormal',
  'refPremium',
] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
const VALID: Figures = {
  tonBalance: 12.34,
  starsBalance: 500,
  redChipBalance: 7,
  playBalance: 0,
  refNormal: 3,
  refPremium: 1,
};
const START = {
  ton_balance: '1.5',
  stars_balance: 10,
  red_chip_balance: 0,
  play_balance: 0,
  ref_normal: 0,
  ref_premium: 0,
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(users).values({ telegramId: ID, username: 'balance_case' });
  token = (await signIn(t)).accessToken;
  h = api(t, () => token);
});
afterAll(async () => {
  await t?.close();
});
// Every test starts from the same row; its balance trail is the rows written since it started
// (the audit log is never deleted from).
let mark = 0;
beforeEach(async () => {
  const set = Object.entries(START)
    .map(([column, value]) => `${column} = '${value}'`)
    .join(', ');
  await h.rows(`update users set ${set} where telegram_id = ${ID}`);
  mark = await auditMark(t);
});

const stored = () =>
  h.one(`select ton_balance::text as ton, stars_balance::int as stars, red_chip_balance::int as red,
  play_balance::int as play, ref_normal as rn, ref_premium as rp from users where telegram_id = ${ID}`);
const audits = () =>
  h.rows(`select * from audit_log where action = 'user.balances.update' and id > ${mark} order by id`);
const figuresOf = (user: Record<string, unknown>) =>
  Object.fromEntries(FIGURES.map((k) => [k, user[k]])) as Figures;
/** The six figures as the detail page received them: what the balances form opens with. */
const seen = async () => figuresOf(await h.get(`/manager/users/${ID}`));
const REASON = 'Support ticket 42';
const save = async (values: Figures, expected?: Figures) =>
  h.call('PUT', url, { ...values, expected: expected ?? (await seen()), reason: REASON });

describe('PUT /manager/users/:telegramId/balances', () => {
  it('rejects bad values with 400 naming the field and changes nothing', async () => {
    const before = await stored();
    const expected = await seen();
    const body = { ...VALID, expected, reason: REASON };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...body, tonBalance: -1 }, 'tonBalance'],
      [{ ...body, tonBalance: 'NaN' }, 'tonBalance'],
      [{ ...body, tonBalance: 1.234 }, 'tonBalance'],
      [{ ...body, tonBalance: 1e12 }, 'tonBalance'],
      [{ ...body, starsBalance: 'abc' }, 'starsBalance'],
      [{ ...body, redChipBalance: 1.5 }, 'redChipBalance'],
      [{ ...body, playBalance: -3 }, 'playBalance'],
      [{ ...body, refNormal: 'Infinity' }, 'refNormal'],
      [{ ...body, refPremium: null }, 'refPremium'],
      [{ ...body, refPremium: undefined }, 'refPremium'],
      [{ ...body, starsBalance: '' }, 'starsBalance'],
      [{ ...VALID, reason: REASON }, 'expected'],
      [{ ...VALID, expected }, 'reason'],
      [{ ...body, reason: '   ' }, 'reason'],
      [{ ...body, reason: null }, 'reason'],
      [{ ...body, expected: { ...expected, tonBalance: 'abc' } }, 'expected.tonBalance'],
      [{ ...body, expected: { ...expected, starsBalance: 1.5 } }, 'expected.starsBalance'],
      [{ ...body, expected: { ...expected, playBalance: undefined } }, 'expected.playBalance'],
      [{ ...body, expected: { ...expected, refNormal: 2 ** 31 } }, 'expected.refNormal'],
      [{ ...body, reason: 'x'.repeat(501) }, 'reason'],
      [{ ...body, reason: 42 }, 'reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await h.call('PUT', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')}:`));
    }
    expect((await h.call('PUT', url)).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(0);
  });

  it('bounds each amount by its column: the largest one is stored exactly, one more is 400 naming the field', async () => {
    const largest = {
      ...VALID,
      tonBalance: 99_999_999_999.99,
      starsBalance: Number.MAX_SAFE_INTEGER,
      refNormal: 2_147_483_647,
    };
    const res = await save(largest);
    expect(res.statusCode, res.body).toBe(200);
    expect(figuresOf(updateBalancesResponseSchema.parse(res.json().data))).toEqual(largest);
    expect(
      await h.one(
        `select ton_balance::text as ton, stars_balance::text as stars from users where telegram_id = ${ID}`,
      ),
    ).toEqual({ ton: '99999999999.990000000', stars: String(Number.MAX_SAFE_INTEGER) });
    // The form sends what the API answered for such a row: it must be accepted as `expected`.
    expect((await save(VALID)).statusCode).toBe(200);

    const beyond: Array<[Partial<Figures>, string]> = [
      [{ tonBalance: 100_000_000_000 }, 'tonBalance'],
      [{ tonBalance: 99_999_999_999.991 }, 'tonBalance'],
      [{ starsBalance: Number.MAX_SAFE_INTEGER + 1 }, 'starsBalance'],
      [{ redChipBalance: 1e19 }, 'redChipBalance'],
      [{ playBalance: 2 ** 63 }, 'playBalance'],
      [{ refNormal: 2_147_483_648 }, 'refNormal'],
      [{ refPremium: 1e10 }, 'refPremium'],
    ];
    const before = await stored();
    for (const [change, field] of beyond) {
      const refused = await save({ ...VALID, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().message).toMatch(new RegExp(`^${field}:`));
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(2);
  });

  it('answers 409 with the current user and writes nothing when any figure changed since the form opened', async () => {
    const current = await seen();
    for (const figure of FIGURES) {
      const stale = { ...current, [figure]: current[figure] + 1 };
      const res = await save(VALID, stale);
      expect(res.statusCode, figure).toBe(409);
      expect(res.json()).toMatchObject({ code: 409, message: 'Balances changed since you opened them' });
      const user = updateBalancesResponseSchema.parse(res.json().data);
      expect(user.telegramId).toBe(ID);
      expect(figuresOf(user)).toEqual(current);
    }
    expect(await stored()).toMatchObject({ ton: '1.500000000', stars: 10, red: 0, play: 0, rn: 0, rp: 0 });
    expect(await audits()).toHaveLength(0);
  });

  it('compares TON with the value the API sent, not with the cents the form shows', async () => {
    await h.rows(`update users set ton_balance = '1.123456789' where telegram_id = ${ID}`);
    const current = await seen();
    expect(current.tonBalance).toBe(1.123456789);
    expect((await save(VALID, { ...current, tonBalance: 1.12 })).statusCode).toBe(409);
    // Numeric text is read as the number it writes: "1.1234567890" is the value sent.
    expect(
      (
        await save(
          { ...VALID, tonBalance: 1.12 },
          { ...current, tonBalance: '1.1234567890' as unknown as number },
        )
      ).statusCode,
    ).toBe(200);
    // 1.12 posted for 1.123456789 means "TON not edited": the sub-cent balance is kept.
    expect(await stored()).toMatchObject({ ton: '1.123456789', stars: VALID.starsBalance });
    // Another writer moves the balance by one nanoton: the next save from the old figures is refused.
    await h.rows(`update users set ton_balance = '1.123456788' where telegram_id = ${ID}`);
    expect((await save(VALID, { ...VALID, tonBalance: 1.123456789 })).statusCode).toBe(409);
    expect(await audits()).toHaveLength(1);
  });

  it('stores TON exactly, answers the updated user and writes one audit row of the changed figures', async () => {
    const res = await save({ ...VALID, tonBalance: 0.29 });
    expect(res.statusCode, res.body).toBe(200);
    const user = updateBalancesResponseSchema.parse(res.json().data);
    expect(user).toMatchObject({ ...VALID, tonBalance: 0.29 });
    expect((await stored()).ton).toBe('0.290000000');
    const [audit] = await audits();
    const admin = await h.one(`select id from admins where username = '${t.demo.admin.username}'`);
    expect(audit).toMatchObject({
      admin_id: admin.id,
      admin_username: t.demo.admin.username,
      entity: 'user',
      entity_id: String(ID),
      reason: REASON,
    });
    expect(Number(audit!.user_telegram_id)).toBe(ID);
    // playBalance stayed 0: not in the row.
    expect(audit!.before).toEqual({
      tonBalance: '1.500000000',
      starsBalance: 10,
      redChipBalance: 0,
      refNormal: 0,
      refPremium: 0,
    });
    expect(audit!.after).toEqual({
      tonBalance: '0.290000000',
      starsBalance: 500,
      redChipBalance: 7,
      refNormal: 3,
      refPremium: 1,
    });
    expect(audit!.created_at).toBeTruthy();
    // The reason is kept as typed, trimmed.
    expect(
      (
        await h.call('PUT', url, {
          ...VALID,
          tonBalance: 0.3,
          expected: await seen(),
          reason: '  Refund #7 ',
        })
      ).statusCode,
    ).toBe(200);
    expect((await audits())[1]).toMatchObject({ reason: 'Refund #7' });
  });

  it('accepts numeric strings (form inputs) and answers 404 for an unknown player', async () => {
    const res = await save({ ...VALID, tonBalance: '2.5', starsBalance: '42' } as unknown as Figures);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ ton: '2.500000000', stars: 42 });
    const missing = await h.call('PUT', '/manager/users/123/balances', {
      ...VALID,
      expected: VALID,
      reason: REASON,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect(await audits()).toHaveLength(1);
  });

  it('two admins saving at once from the same figures: exactly one save applies, the other gets 409 (x20)', async () => {
    const admins = await twoAdmins(t);
    for (let round = 0; round < 20; round++) {
      const expected = await seen();
      const edits = [0, 1].map((n) => ({
        ...expected,
        starsBalance: 1000 * round + n,
        tonBalance: Number(`${round}.0${n}`),
      }));
      const answers = await Promise.all(
        edits.map((edit, n) =>
          t.call({ method: 'PUT', url, token: admins[n], payload: { ...edit, expected, reason: REASON } }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, `round ${round}`).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      const loser = answers[1 - winner]!.json();
      // The refusal carries what the winner stored; the row holds the winner's figures.
      expect(figuresOf(loser.data)).toEqual(edits[winner]);
      expect(await seen()).toEqual(edits[winner]);
    }
    // One audit row per round, each replacing exactly what the previous one wrote.
    const trail = await audits();
    expect(trail).toHaveLength(20);
    for (let i = 1; i < trail.length; i++) expect(trail[i]!.before).toEqual(trail[i - 1]!.after);
  });
});
