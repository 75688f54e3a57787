import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDefaultUser } from '../../src/db/client';
import { auditLog, users } from '../../src/db/schema/index';
import { chain, expectWholeChain, headOf, refusal, rowsOf, verifyCall } from '../support/audit-chain-support';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

/*
 * The audit log is append-only for every client and hash-chained in commit order
 * (docs/audit.md). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the racing
 * calls run on separate pooled connections.
 */
let t: TestApp;
let token = '';
const PLAYERS = Array.from({ length: 24 }, (_, i) => 7_300_000_000 + i);
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
  await t.db
    .insert(users)
    .values(PLAYERS.map((telegramId) => ({ telegramId, username: `chain_${telegramId}` })));
  token = (await signIn(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const count = async () =>
  Number((await rowsOf<{ n: number }>(t.db, 'select count(*)::int as n from audit_log'))[0]!.n);
const write = (action: string) => t.db.insert(auditLog).values({ adminId: null, action, entity: 'audit' });

/** Balance edits of different players and failed sign-ins of unknown names, all at once. */
async function racingAuditedCalls(round: number) {
  const answers = await Promise.all([
    ...PLAYERS.map((id, i) =>
      t
        .call({
          method: 'PUT',
          url: `/manager/users/${id}/balances`,
          token,
          payload: {
            ...ZERO,
            starsBalance: round + 1,
            expected: { ...ZERO, starsBalance: round },
            reason: `round ${round}`,
          },
        })
        .then((r) => [r, i] as const),
    ),
    ...Array.from({ length: 8 }, (_, i) =>
      t
        .call({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: `198.51.100.${round * 8 + i + 1}`,
          payload: { identifier: `nobody_${round}_${i}`, password: 'wrong-password' },
        })
        .then((r) => [r, i] as const),
    ),
  ]);
  const codes = answers.map(([r]) => r.statusCode);
  expect(codes.slice(0, PLAYERS.length), codes.join(',')).toEqual(PLAYERS.map(() => 200));
  expect(codes.slice(PLAYERS.length)).toEqual(Array.from({ length: 8 }, () => 401));
}

describe("append-only, for the API's own connection", () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows and leaves every row as it was', async () => {
    await write('test.append-only');
    const before = await chain(t.db);
    expect(before.length).toBeGreaterThan(1);
    expect(
      await refusal(() =>
        t.db.execute(sql`update audit_log set action = 'rewritten' where id = ${before[0]!.id}`),
      ),
    ).toBe('audit_log is append-only: UPDATE is refused');
    expect(await refusal(() => t.db.execute(sql`update audit_log set reason = 'x'`))).toBe(
      'audit_log is append-only: UPDATE is refused',
    );
    expect(await refusal(() => t.db.execute(sql`delete from audit_log where id = ${before[0]!.id}`))).toBe(
      'audit_log is append-only: DELETE is refused',
    );
    expect(await refusal(() => t.db.execute(sql`delete from audit_log where false`))).toBe(
      'audit_log is append-only: DELETE is refused',
    );
    expect(await refusal(() => t.db.execute(sql`truncate audit_log`))).toBe(
      'audit_log is append-only: TRUNCATE is refused',
    );
    expect(await chain(t.db)).toEqual(before);
  });

  it('refuses chain columns from a writer and any change of the head but the sealing', async () => {
    const before = await chain(t.db);
    const head = await headOf(t.db);
    const row = before.at(-1)!;
    expect(
      await refusal(() =>
        t.db.execute(
          sql`insert into audit_log (action, entity, hash) values ('forged', 'audit', ${row.hash})`,
        ),
      ),
    ).toMatch(/^audit_log: chain_seq, prev_hash and hash are set when the row's transaction commits/);
    expect(
      await refusal(() =>
        t.db.execute(sql`insert into audit_log (action, entity, chain_seq) values ('forged', 'audit', 999)`),
      ),
    ).toMatch(/^audit_log: chain_seq/);
    // The sealing function called by a client is a client's UPDATE: only the commit-time trigger may seal.
    expect(await refusal(() => t.db.execute(sql`select audit_chain_seal(array[${row.id}::integer])`))).toBe(
      `audit_log row ${row.id} is already sealed`,
    );
    const ownRow = refusal(() =>
      t.db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(auditLog)
          .values({ adminId: null, action: 'test.self-sealed', entity: 'audit' })
          .returning({ id: auditLog.id });
        await tx.execute(sql`select audit_chain_seal(array[${fresh!.id}::integer])`);
      }),
    );
    expect(await ownRow).toBe('audit_log is append-only: UPDATE is refused');
    for (const statement of [
      'update audit_chain_head set seq = 0',
      'delete from audit_chain_head',
      'truncate audit_chain_head',
      `insert into audit_chain_head (id, seq, hash) values (false, 0, '')`,
    ]) {
      expect(await refusal(() => t.db.execute(sql.raw(statement))), statement).toMatch(
        /^audit_chain_head moves only when audit rows are sealed: (UPDATE|DELETE|TRUNCATE|INSERT) is refused$/,
      );
    }
    expect(await chain(t.db)).toEqual(before);
    expect(await headOf(t.db)).toEqual(head);
  });
});

describe('sealing at commit', () => {
  it('leaves a row unsealed inside its transaction and seals it, after the head, when it commits', async () => {
    const head = await headOf(t.db);
    const id = await t.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(auditLog)
        .values({ adminId: null, action: 'test.inside', entity: 'audit' })
        .returning({ id: auditLog.id });
      const [inside] = await rowsOf<{ chain_seq: unknown; hash: unknown }>(
        tx,
        sql`select chain_seq, hash from audit_log where id = ${row!.id}`,
      );
      expect(inside).toEqual({ chain_seq: null, hash: null });
      return row!.id;
    });
    const sealed = (await chain(t.db)).find((r) => r.id === id)!;
    expect(sealed).toMatchObject({ chain_seq: head.seq + 1, prev_hash: head.hash });
    expect(await headOf(t.db)).toEqual({ seq: head.seq + 1, hash: sealed.hash, last_id: id });
    await expectWholeChain(t.db);
  });

  it('keeps nothing of a rolled-back transaction: no row, the head unchanged, the next row at the next position', async () => {
    const rows = await count();
    const head = await headOf(t.db);
    const failed = refusal(() =>
      t.db.transaction(async (tx) => {
        await tx.insert(auditLog).values({ adminId: null, action: 'test.rolled-back', entity: 'audit' });
        await tx.insert(auditLog).values({ adminId: null, action: 'test.rolled-back', entity: 'audit' });
        throw new Error('the change failed');
      }),
    );
    expect(await failed).toBe('the change failed');
    // A refused API change (a stale balance edit) neither.
    const stale = await t.call({
      method: 'PUT',
      url: `/manager/users/${PLAYERS[0]}/balances`,
      token,
      payload: { ...ZERO, starsBalance: 5, expected: { ...ZERO, starsBalance: 12345 }, reason: 'stale' },
    });
    expect(stale.statusCode).toBe(409);
    expect(await count()).toBe(rows);
    expect(await headOf(t.db)).toEqual(head);
    expect((await rowsOf(t.db, `select id from audit_log where action = 'test.rolled-back'`)).length).toBe(0);
    await write('test.after-rollback');
    expect((await headOf(t.db)).seq).toBe(head.seq + 1);
    await expectWholeChain(t.db);
  });

  it('seals the rows of one transaction together, in the order written; a row under a savepoint after them', async () => {
    const head = await headOf(t.db);
    const ids = await t.db.transaction(async (tx) => {
      const add = async (db: typeof tx, action: string) =>
        (
          await db
            .insert(auditLog)
            .values({ adminId: null, action, entity: 'audit' })
            .returning({ id: auditLog.id })
        )[0]!.id;
      const written = [await add(tx, 'test.first'), await add(tx, 'test.second')];
      written.push(await tx.transaction((savepoint) => add(savepoint, 'test.savepoint')));
      const bulk = await tx
        .insert(auditLog)
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            adminId: null,
            action: `test.bulk-${i}`,
            entity: 'audit',
          })),
        )
        .returning({ id: auditLog.id });
      return [...written, ...bulk.map((r) => r.id)];
    });
    const rows = (await expectWholeChain(t.db)).filter((r) => r.chain_seq! > head.seq);
    const [first, second, savepoint, ...bulk] = ids;
    expect(rows.map((r) => r.id)).toEqual([first, second, ...bulk, savepoint]);
  });

  it('seals every row of racing audited calls: positions without a gap, each linked to the one before', async () => {
    const rows = await count();
    for (let round = 0; round < 4; round++) await racingAuditedCalls(round);
    expect(await count()).toBe(rows + 4 * (PLAYERS.length + 8));
    await expectWholeChain(t.db);
    const answer = await verifyCall(t, token);
    expect(answer).toEqual({
      valid: true,
      checked: rows + 4 * (PLAYERS.length + 8),
      firstBroken: null,
      head: { seq: rows + 4 * (PLAYERS.length + 8), hash: (await headOf(t.db)).hash },
    });
  });

  it('hashes the same content to the same hash on every engine, whatever the session settings', async () => {
    const row = {
      chain_seq: 7,
      id: 42,
      admin_id: 3,
      admin_username: 'ådmin "x"',
      action: 'user.balances.update',
      entity: 'user',
      entity_id: '7000000001',
      user_telegram_id: 7000000001,
      before: { tonBalance: 1.5, a: null },
      after: { tonBalance: 2 },
      ip: '203.0.113.9',
      user_agent: 'Mozilla/5.0',
      reason: 'refund, ticket #12',
      created_at: '2025-03-04T05:06:07.123456Z',
      prev_hash: 'ab'.repeat(32),
      hash: null,
    };
    // The canonical content: a JSON array of the columns in table order (jsonb's text for before and after), the time in microseconds since the epoch.
    const content =
      '[7, 42, 3, "ådmin \\"x\\"", "user.balances.update", "user", "7000000001", 7000000001, {"a": null, "tonBalance": 1.5}, {"tonBalance": 2}, "203.0.113.9", "Mozilla/5.0", "refund, ticket #12", 1741064767123456]';
    const expected = createHash('sha256')
      .update(row.prev_hash + content, 'utf8')
      .digest('hex');
    const settings = [
      [],
      [
        "set local timezone = 'Asia/Kolkata'",
        "set local datestyle = 'SQL, DMY'",
        'set local extra_float_digits = 3',
        "set local intervalstyle = 'iso_8601'",
      ],
      [
        "set local timezone = 'America/St_Johns'",
        "set local datestyle = 'German'",
        'set local extra_float_digits = -15',
      ],
    ];
    for (const statements of settings) {
      const hash = await t.db.transaction(async (tx) => {
        for (const statement of statements) await tx.execute(sql.raw(statement));
        const [out] = await rowsOf<{ hash: string }>(
          tx,
          sql`select audit_chain_hash(jsonb_populate_record(null::audit_log, ${JSON.stringify(row)}::jsonb)) as hash`,
        );
        return out!.hash;
      });
      expect(hash, statements.join('; ')).toBe(expected);
    }
  });

  it('hashes a row without a console version as before it existed, and one with it with the version at the end', async () => {
    const row = {
      chain_seq: 3,
      id: 9,
      admin_id: null,
      admin_username: 'system:mailing',
      action: 'mailing.deliver',
      entity: 'mailing',
      entity_id: '4',
      user_telegram_id: null,
      before: null,
      after: { sent: 2 },
      ip: null,
      user_agent: null,
      reason: null,
      created_at: '2025-03-04T05:06:07Z',
      prev_hash: 'cd'.repeat(32),
      hash: null,
    };
    const content =
      '[3, 9, null, "system:mailing", "mailing.deliver", "mailing", "4", null, null, {"sent": 2}, null, null, null, 1741064767000000';
    const sha = (text: string) =>
      createHash('sha256')
        .update(row.prev_hash + text, 'utf8')
        .digest('hex');
    const hashOf = async (consoleVersion: string | null) => {
      const [out] = await rowsOf<{ hash: string }>(
        t.db,
        sql`select audit_chain_hash(jsonb_populate_record(null::audit_log, ${JSON.stringify({ ...row, console_version: consoleVersion })}::jsonb)) as hash`,
      );
      return out!.hash;
    };
    expect(await hashOf(null)).toBe(sha(`${content}]`));
    expect(await hashOf('shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b')).toBe(
      sha(`${content}, "shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b"]`),
    );
    expect(await hashOf('')).toBe(sha(`${content}, ""]`));
  });
});

/*
 * Two sessions interleaved statement by statement: PostgreSQL only, since PGlite has one
 * connection and runs one transaction at a time (the racing calls above run on both).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('sealing between interleaved sessions (PostgreSQL)', () => {
  type Client = import('pg').PoolClient;
  let pool: import('pg').Pool;
  beforeAll(async () => {
    const { default: pg } = await import('pg');
    // A step that waits for a lock fails after 5 s instead of hanging the file.
    pool = new pg.Pool({
      connectionString: withDefaultUser(t.databaseUrl!),
      max: 4,
      options: '-c lock_timeout=5000',
    });
    // The test database is dropped with its connections when the file ends.
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool?.end();
  });
  const session = async <T>(use: (a: Client, b: Client) => Promise<T>) => {
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      return await use(a, b);
    } finally {
      for (const c of [a, b]) {
        await c.query('rollback').catch(() => undefined);
        c.release();
      }
    }
  };
  const insert = async (c: Client, action: string) =>
    Number(
      (await c.query(`insert into audit_log (action, entity) values ($1, 'audit') returning id`, [action]))
        .rows[0].id,
    );

  it('chains in commit order, not in the order the rows were written', async () => {
    const [first, second] = await session(async (a, b) => {
      await a.query('begin');
      const early = await insert(a, 'test.written-first');
      await b.query('begin');
      const late = await insert(b, 'test.written-second');
      // The head is not locked while a transaction runs: b commits while a is still open.
      await b.query('commit');
      await a.query('commit');
      return [early, late];
    });
    expect(first).toBeLessThan(second);
    const rows = await expectWholeChain(t.db);
    const position = (id: number) => rows.find((r) => r.id === id)!.chain_seq!;
    expect(position(second)).toBe(position(first) - 1);
    expect((await verifyCall(t, token)).valid).toBe(true);
  });

  it('does not deadlock: a transaction that wrote its audit row and waits for a row lock, against the lock holder that writes one too', async () => {
    const player = PLAYERS[1]!;
    await session(async (a, b) => {
      await b.query('begin');
      await b.query('select 1 from users where telegram_id = $1 for update', [player]);
      await a.query('begin');
      await insert(a, 'test.waits-for-lock');
      // Waits for b's row lock; had a taken the chain's head at its insert, b's commit below
      // would wait for a: a deadlock PostgreSQL would break by failing one of them.
      const waiting = a.query('update users set ref_normal = ref_normal + 1 where telegram_id = $1', [
        player,
      ]);
      await insert(b, 'test.holds-lock');
      await b.query('commit');
      await waiting;
      await a.query('commit');
    });
    const actions = (
      await rowsOf<{ action: string }>(
        t.db,
        `select action from audit_log where action in ('test.waits-for-lock', 'test.holds-lock') order by chain_seq`,
      )
    ).map((r) => r.action);
    expect(actions).toEqual(['test.holds-lock', 'test.waits-for-lock']);
    await expectWholeChain(t.db);
  });
});
