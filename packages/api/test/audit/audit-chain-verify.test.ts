import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/audit/chain';
import { auditLog } from '../../src/db/schema/index';
import {
  behindTheApisBack,
  chain,
  expectWholeChain,
  rowsOf,
  snapshot,
  verifyCall,
} from '../support/audit-chain-support';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

/*
 * "Verify chain": each way of rewriting the log behind the API's back (as a superuser with the
 * triggers off) makes the verification fail exactly at the first broken link; putting the row
 * back makes it pass again. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const write = (action: string) => t.db.insert(auditLog).values({ adminId: null, action, entity: 'audit' });

describe('GET /manager/audit/verify', () => {
  /** A row well inside the chain, and the rows around it. */
  async function middle() {
    for (let i = 0; i < 3; i++) await write(`test.verify-${i}`);
    const rows = await expectWholeChain(t.db);
    const i = Math.floor(rows.length / 2);
    return { rows, row: rows[i]!, next: rows[i + 1]!, last: rows.at(-1)! };
  }
  const brokenAt = (row: { id: number; at: string; chain_seq: number | null }, problem: RegExp) =>
    expect.objectContaining({
      valid: false,
      checked: row.chain_seq! - 1,
      firstBroken: { id: row.id, at: row.at, problem: expect.stringMatching(problem) },
    });

  it('passes on an untouched log and reports the head', async () => {
    const rows = await expectWholeChain(t.db);
    expect(await verifyCall(t, token)).toEqual({
      valid: true,
      checked: rows.length,
      firstBroken: null,
      head: { seq: rows.length, hash: rows.at(-1)!.hash },
    });
  });

  it("fails at the row a superuser edited behind the API's back, and passes again once it is put back", async () => {
    const { row } = await middle();
    const restore = await snapshot(t.db, row.id);
    await behindTheApisBack(
      t.db,
      sql`update audit_log set after = '{"starsBalance": 1000000}'::jsonb where id = ${row.id}`,
    );
    try {
      expect(await verifyCall(t, token)).toEqual(
        brokenAt(row, /^Content changed: the stored hash is not the hash of this row/),
      );
    } finally {
      await restore();
    }
    expect((await verifyCall(t, token)).valid).toBe(true);
  });

  it('fails at the row after a deleted one: a gap', async () => {
    const { row, next } = await middle();
    const restore = await snapshot(t.db, row.id);
    await behindTheApisBack(t.db, sql`delete from audit_log where id = ${row.id}`);
    try {
      const answer = await verifyCall(t, token);
      expect(answer).toEqual(expect.objectContaining({ valid: false, checked: row.chain_seq! - 1 }));
      expect(answer.firstBroken).toEqual({
        id: next.id,
        at: next.at,
        problem: `Rows missing before this one: position ${next.chain_seq} follows position ${row.chain_seq! - 1}`,
      });
    } finally {
      await restore();
    }
    expect((await verifyCall(t, token)).valid).toBe(true);
  });

  it('fails at the next row when an edited row is re-hashed without fixing the next link', async () => {
    const { row, next } = await middle();
    const restore = await snapshot(t.db, row.id);
    await behindTheApisBack(
      t.db,
      sql`update audit_log set reason = 'approved by the CEO' where id = ${row.id}`,
      sql`update audit_log a set hash = audit_chain_hash(a) where id = ${row.id}`,
    );
    try {
      const answer = await verifyCall(t, token);
      expect(answer).toEqual(expect.objectContaining({ valid: false, checked: next.chain_seq! - 1 }));
      expect(answer.firstBroken).toEqual({
        id: next.id,
        at: next.at,
        problem: `Link broken: prev_hash is not the hash of the row at position ${row.chain_seq}`,
      });
    } finally {
      await restore();
    }
    expect((await verifyCall(t, token)).valid).toBe(true);
  });

  it('fails at the last row when it is re-hashed or removed: the head records otherwise', async () => {
    const { rows, last } = await middle();
    const restore = await snapshot(t.db, last.id);
    try {
      await behindTheApisBack(
        t.db,
        sql`update audit_log set action = 'nothing.happened' where id = ${last.id}`,
        sql`update audit_log a set hash = audit_chain_hash(a) where id = ${last.id}`,
      );
      expect((await verifyCall(t, token)).firstBroken).toEqual({
        id: last.id,
        at: last.at,
        problem: `The chain's head records another hash for position ${last.chain_seq}`,
      });
      await behindTheApisBack(t.db, sql`delete from audit_log where id = ${last.id}`);
      const before = rows.at(-2)!;
      expect(await verifyCall(t, token)).toEqual(
        expect.objectContaining({
          valid: false,
          checked: rows.length - 1,
          firstBroken: {
            id: before.id,
            at: before.at,
            problem: `Rows missing at the end: the chain ends at position ${before.chain_seq}, its head records position ${last.chain_seq}`,
          },
        }),
      );
    } finally {
      await restore();
    }
    expect((await verifyCall(t, token)).valid).toBe(true);
  });

  it('fails at a row written with the triggers off: it is not in the chain', async () => {
    await middle();
    await behindTheApisBack(t.db, `insert into audit_log (action, entity) values ('test.unsealed', 'audit')`);
    const [row] = await chain(t.db).then((rows) => rows.filter((r) => r.chain_seq === null));
    try {
      expect((await verifyCall(t, token)).firstBroken).toEqual({
        id: row!.id,
        at: row!.at,
        problem: 'Not in the chain: the row was never sealed (written with the triggers off)',
      });
    } finally {
      await behindTheApisBack(t.db, sql`delete from audit_log where id = ${row!.id}`);
    }
    expect((await verifyCall(t, token)).valid).toBe(true);
  });

  it("covers every column: a change of any one breaks that row's hash", async () => {
    const { row } = await middle();
    const columns = await rowsOf<{ name: string; type: string }>(
      t.db,
      `select column_name as name, data_type as type from information_schema.columns
       where table_schema = 'public' and table_name = 'audit_log' and column_name not in ('chain_seq', 'prev_hash', 'hash') order by ordinal_position`,
    );
    const changed: Record<string, (c: string) => string> = {
      integer: (c) => `coalesce(${c}, 0) + 1000000`,
      bigint: (c) => `coalesce(${c}, 0) + 1`,
      text: (c) => `coalesce(${c}, '') || '.'`,
      jsonb: (c) => `coalesce(${c}, '{}'::jsonb) || '{"x": 1}'::jsonb`,
      'timestamp with time zone': (c) => `${c} + interval '1 microsecond'`,
    };
    expect(columns.length).toBeGreaterThanOrEqual(13);
    for (const { name, type } of columns) {
      const change = changed[type];
      if (!change) throw new Error(`audit_log.${name}: no test change for type ${type}`);
      let answer: Awaited<ReturnType<typeof verifyAuditChain>> | undefined;
      // Changed, verified and rolled back in one transaction: the log is as it was for the next column.
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw('set local session_replication_role = replica'));
          await tx.execute(
            sql.raw(`update audit_log set "${name}" = ${change(`"${name}"`)} where id = ${row.id}`),
          );
          answer = await verifyAuditChain(tx);
          tx.rollback();
        })
        .catch(() => undefined);
      expect(answer, name).toEqual(expect.objectContaining({ valid: false, checked: row.chain_seq! - 1 }));
      expect(answer!.firstBroken!.problem, name).toMatch(/^Content changed/);
    }
    expect((await verifyCall(t, token)).valid).toBe(true);
  });
});

describe('the walk in batches', () => {
  it("gives the same answer whatever the batch size, wherever the break is (a batch's first row, its last, the chain's ends)", async () => {
    for (let i = 0; i < 6; i++) await write(`test.batch-${i}`);
    const rows = await expectWholeChain(t.db);
    const positions = [1, 2, 3, 4, 5, 6, rows.length - 1, rows.length];
    const tampering = {
      edited: (id: number) => `update audit_log set action = 'x' where id = ${id}`,
      deleted: (id: number) => `delete from audit_log where id = ${id}`,
      relinked: (id: number) => `update audit_log set prev_hash = repeat('f', 64) where id = ${id}`,
    };
    const sizes = [1, 2, 3, 4, 10_000];
    for (const size of sizes)
      expect(await verifyAuditChain(t.db, size)).toEqual(await verifyAuditChain(t.db));
    for (const [kind, statement] of Object.entries(tampering)) {
      for (const position of positions) {
        const answers: unknown[] = [];
        await t.db
          .transaction(async (tx) => {
            await tx.execute(sql.raw('set local session_replication_role = replica'));
            await tx.execute(sql.raw(statement(rows[position - 1]!.id)));
            for (const size of sizes) answers.push(await verifyAuditChain(tx, size));
            tx.rollback();
          })
          .catch(() => undefined);
        expect(answers, `${kind} at ${position}`).toHaveLength(sizes.length);
        expect(answers[0], `${kind} at ${position}`).toMatchObject({ valid: false });
        for (const answer of answers) expect(answer, `${kind} at ${position}`).toEqual(answers.at(-1));
      }
    }
  });
});
