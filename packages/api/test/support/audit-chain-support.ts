import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditVerifyResponseSchema, type AuditVerifyResponse } from '@manager/contract';
import type { DbOrTx } from '../../src/db/client';
import type { TestApp } from './helper';

/** Helpers of the audit chain tests: raw rows, the verify call, and writes behind the API's back. */

export async function rowsOf<T = Record<string, unknown>>(db: DbOrTx, query: SQL | string): Promise<T[]> {
  return ((await db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown as { rows: T[] })
    .rows;
}

export interface ChainRow {
  id: number;
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
  /** created_at as the API reports it (ISO, milliseconds). */
  at: string;
}

/** Every audit row in chain order (rows outside the chain last, by id). */
export async function chain(db: DbOrTx): Promise<ChainRow[]> {
  const rows = await rowsOf<ChainRow & { chain_seq: string | number | null; at: string | number }>(
    db,
    `select id, chain_seq, prev_hash, hash, (extract(epoch from created_at) * 1000)::float8 as at from audit_log order by chain_seq nulls last, id`,
  );
  return rows.map((r) => ({
    ...r,
    chain_seq: r.chain_seq == null ? null : Number(r.chain_seq),
    at: new Date(Number(r.at)).toISOString(),
  }));
}

export async function headOf(db: DbOrTx): Promise<{ seq: number; hash: string; last_id: number | null }> {
  const [head] = await rowsOf<{ seq: string | number; hash: string; last_id: number | null }>(
    db,
    'select seq, hash, last_id from audit_chain_head',
  );
  return { ...head!, seq: Number(head!.seq) };
}

/** Positions 1..n without a gap, each row linked to the one before, the head at the last row. */
export async function expectWholeChain(db: DbOrTx): Promise<ChainRow[]> {
  const rows = await chain(db);
  expect(rows.map((r) => r.chain_seq)).toEqual(rows.map((_, i) => i + 1));
  rows.forEach((r, i) =>
    expect(r.prev_hash, `row ${r.id}`).toBe(i === 0 ? '0'.repeat(64) : rows[i - 1]!.hash),
  );
  const [recomputed] = await rowsOf<{ bad: number }>(
    db,
    'select count(*)::int as bad from audit_log a where a.hash is distinct from audit_chain_hash(a)',
  );
  expect(recomputed!.bad).toBe(0);
  expect(await headOf(db)).toMatchObject({
    seq: rows.length,
    hash: rows.at(-1)?.hash ?? '0'.repeat(64),
    last_id: rows.at(-1)?.id ?? null,
  });
  return rows;
}

/** `GET /manager/audit/verify`, parsed by its contract schema. */
export async function verifyCall(t: TestApp, token: string): Promise<AuditVerifyResponse> {
  const res = await t.call({ method: 'GET', url: '/manager/audit/verify', token });
  expect(res.statusCode, res.body).toBe(200);
  return auditVerifyResponseSchema.parse(res.json().data);
}

/**
 * Statements run as a superuser with the triggers off (`session_replication_role = replica`),
 * in one committed transaction: what someone with the database's keys could do.
 */
export async function behindTheApisBack(db: DbOrTx, ...statements: Array<SQL | string>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'));
    for (const statement of statements)
      await tx.execute(typeof statement === 'string' ? sql.raw(statement) : statement);
  });
}

/** A row as stored, and the statements that put it back exactly so (superuser, triggers off). */
export async function snapshot(db: DbOrTx, id: number): Promise<() => Promise<void>> {
  const [row] = await rowsOf<{ row: unknown }>(
    db,
    sql`select to_jsonb(a) as row from audit_log a where id = ${id}`,
  );
  const json = JSON.stringify(row!.row);
  return () =>
    behindTheApisBack(
      db,
      sql`delete from audit_log where id = ${id}`,
      sql`insert into audit_log select * from jsonb_populate_record(null::audit_log, ${json}::jsonb)`,
    );
}

/** The message of the database error behind a refused statement (drizzle wraps it). */
export async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    let cause = error as Error;
    while (cause.cause instanceof Error) cause = cause.cause;
    return cause.message;
  }
  throw new Error('the statement was not refused');
}
