import { sql, type SQL } from 'drizzle-orm';

/**
 * An export reads its list in batches by position (keyset), never by OFFSET: each batch is
 * one range read after the last row of the one before, so reading the millionth row costs
 * what reading the first does, and no batch holds a connection or a snapshot between reads.
 */

/** One term of a list's order; the last term must be unique (the row's id), so the order is total. */
export interface OrderTerm {
  /** A NOT NULL expression over the list's FROM. */
  expr: SQL;
  desc: boolean;
  /** The type its text form is read back as: positions travel as exact text (microseconds, every decimal). */
  type: 'timestamptz' | 'numeric' | 'bigint' | 'integer' | 'uuid' | 'boolean';
}

/** `order by` of the terms. */
export const orderBy = (terms: OrderTerm[]): SQL =>
  sql.join(
    terms.map((t) => (t.desc ? sql`${t.expr} desc` : sql`${t.expr} asc`)),
    sql`, `,
  );

/** The terms' values as text, aliased `k0`, `k1`...: the position of a row. */
export const positionColumns = (terms: OrderTerm[]): SQL =>
  sql.join(
    terms.map((t, i) => sql`(${t.expr})::text as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );

/**
 * Rows strictly after `position` in the terms' order. All in one direction: one row comparison
 * (an index serves it as a range); mixed directions: the expanded form,
 * `a > x or (a = x and (b < y or ...))`.
 */
export function after(terms: OrderTerm[], position: string[]): SQL {
  const value = (i: number) => sql`${position[i]!}::${sql.raw(terms[i]!.type)}`;
  if (terms.every((t) => t.desc === terms[0]!.desc)) {
    const left = sql.join(
      terms.map((t) => t.expr),
      sql`, `,
    );
    const right = sql.join(
      terms.map((_, i) => value(i)),
      sql`, `,
    );
    return terms[0]!.desc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const from = (i: number): SQL => {
    const term = terms[i]!;
    const beyond = term.desc ? sql`${term.expr} < ${value(i)}` : sql`${term.expr} > ${value(i)}`;
    return i === terms.length - 1
      ? beyond
      : sql`(${beyond} or (${term.expr} = ${value(i)} and ${from(i + 1)}))`;
  };
  return from(0);
}
