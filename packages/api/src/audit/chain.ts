import { sql, type SQL } from 'drizzle-orm';
import type { AuditVerifyResponse } from '@manager/contract';
import { executeRows as rows, type DbOrTx } from '../db/client';

/**
 * Verification of the audit log's hash chain (docs/audit.md). The database seals each row when
 * its transaction commits (migration `audit_chain_triggers`): position `chain_seq` = the head's
 * + 1, `prev_hash` = the head's hash, `hash` = `audit_chain_hash(row)`. This walks the chain in
 * position order and recomputes every hash with that same SQL function, so the two cannot
 * differ in what they hash.
 */

/** Rows per query: the walk holds one batch's summary in memory, never the rows. */
export const VERIFY_BATCH_ROWS = 10_000;

type Broken = NonNullable<AuditVerifyResponse['firstBroken']>;
type Num = number | string;

/** Milliseconds since the epoch in SQL, ISO text here: independent of the session's TimeZone. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const iso = (ms: Num) => new Date(Number(ms)).toISOString();

interface Head {
  seq: Num;
  hash: string;
  last_id: number | null;
  last_at: Num | null;
}

interface Checked {
  pos: Num;
  id: number;
  at: Num;
  chain_seq: Num;
  hash: string | null;
  problem: 'gap' | 'link' | 'hash' | null;
  seq_before: Num;
}

/**
 * One batch: the rows after position `after` (at most `upto`), each checked against the row
 * before it (the batch's first against `afterHash`). Answers the first row with a problem and
 * the batch's last row (where the next batch starts), at most two rows.
 */
function batchQuery(after: number, afterHash: string, upto: number, size: number): SQL {
  return sql`
    with batch as (
      select a.id, a.created_at, a.chain_seq, a.prev_hash, a.hash, audit_chain_hash(a) as expected
      from audit_log a
      where a.chain_seq > ${after} and a.chain_seq <= ${upto}
      order by a.chain_seq
      limit ${size}
    ), linked as (
      select b.*, row_number() over w as pos,
        lag(b.chain_seq, 1, ${after}::bigint) over w as seq_before,
        lag(b.hash, 1, ${afterHash}::text) over w as hash_before
      from batch b
      window w as (order by b.chain_seq)
    ), checked as (
      select l.*, case
        when l.chain_seq <> l.seq_before + 1 then 'gap'
        when l.prev_hash is distinct from l.hash_before then 'link'
        when l.hash is distinct from l.expected then 'hash'
      end as problem
      from linked l
    )
    select pos, id, ${epochMs(sql`created_at`)} as at, chain_seq, hash, problem, seq_before
    from checked
    where problem is not null or pos = (select count(*) from batch)
    order by pos
    limit 2`;
}

function describe(row: Checked): string {
  const seq = Number(row.chain_seq);
  if (row.problem === 'gap') {
    return Number(row.seq_before) + 1 < seq
      ? `Rows missing before this one: position ${seq} follows position ${row.seq_before}`
      : `Position ${seq} is given twice`;
  }
  if (row.problem === 'link') {
    return seq === 1
      ? "Link broken: the first row's prev_hash is not the chain's start (64 zeros)"
      : `Link broken: prev_hash is not the hash of the row at position ${seq - 1}`;
  }
  return `Content changed: the stored hash is not the hash of this row (position ${seq})`;
}

/**
 * Rows outside the chain: no position (written with the triggers off), or a position the head
 * never gave. The first by id.
 */
async function firstOutside(db: DbOrTx, headSeq: number): Promise<Broken | null> {
  const [row] = await rows<{ id: number; at: Num; chain_seq: Num | null }>(
    db,
    sql`select id, ${epochMs(sql`created_at`)} as at, chain_seq from (
          (select id, created_at, chain_seq from audit_log where chain_seq is null order by id limit 1)
          union all (select id, created_at, chain_seq from audit_log where chain_seq < 1 order by chain_seq limit 1)
          union all (select id, created_at, chain_seq from audit_log where chain_seq > ${headSeq} order by chain_seq limit 1)
        ) o order by id limit 1`,
  );
  if (!row) return null;
  const problem =
    row.chain_seq == null
      ? 'Not in the chain: the row was never sealed (written with the triggers off)'
      : `Not in the chain: position ${row.chain_seq} is outside the chain's 1 to ${headSeq}`;
  return { id: row.id, at: iso(row.at), problem };
}

/**
 * Walks the whole chain up to the head read first: every row at or below the head's position
 * was committed with it, so rows committed during the walk neither hide a break nor cause one.
 * Reports the first broken link: a gap in positions, a prev_hash that is not the hash of the
 * row before, a hash that is not the row's, the chain ending short of (or differing from) its
 * head, then any row left outside the chain.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  batchRows = VERIFY_BATCH_ROWS,
): Promise<AuditVerifyResponse> {
  const [head] = await rows<Head>(
    db,
    sql`select seq, hash, last_id, ${epochMs(sql`last_at`)} as last_at from audit_chain_head`,
  );
  if (!head) throw new Error('audit_chain_head has no row: run the migrations');
  const headSeq = Number(head.seq);
  const answer = (checked: number, firstBroken: Broken | null): AuditVerifyResponse => ({
    valid: firstBroken === null,
    checked,
    firstBroken,
    head: { seq: headSeq, hash: head.hash },
  });

  let checked = 0;
  let last: { seq: number; hash: string | null; id: number; at: Num } | null = null;
  for (;;) {
    const batch: Checked[] = await rows<Checked>(
      db,
      batchQuery(last?.seq ?? 0, last ? (last.hash ?? '') : '0'.repeat(64), headSeq, batchRows),
    );
    const first: Checked | undefined = batch[0];
    if (!first) break;
    if (first.problem)
      return answer(checked + Number(first.pos) - 1, {
        id: first.id,
        at: iso(first.at),
        problem: describe(first),
      });
    checked += Number(first.pos);
    last = { seq: Number(first.chain_seq), hash: first.hash, id: first.id, at: first.at };
    if (Number(first.pos) < batchRows) break;
  }

  if ((last?.seq ?? 0) !== headSeq) {
    const problem = `Rows missing at the end: the chain ends at position ${last?.seq ?? 0}, its head records position ${headSeq}`;
    const at = last ?? { id: head.last_id ?? 0, at: head.last_at ?? 0 };
    return answer(checked, { id: at.id, at: iso(at.at), problem });
  }
  if (last && last.hash !== head.hash) {
    return answer(checked, {
      id: last.id,
      at: iso(last.at),
      problem: `The chain's head records another hash for position ${last.seq}`,
    });
  }
  return answer(checked, await firstOutside(db, headSeq));
}
