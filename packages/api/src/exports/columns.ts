import { sql } from 'drizzle-orm';
import type { SortParam } from '@manager/contract';
import type { Column } from './csv-stream';
import type { OrderTerm } from '../lib/lists';

/** The pieces every list's export plan (`<domain>/export-plan.ts`) is written with. */

/** A timestamp as the lists' JSON shows it: ISO 8601 in UTC, to the millisecond. */
export const iso = (column: unknown) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const col = (header: string, value: unknown, typed = false): Column => ({
  header,
  value: sql`${value}`,
  typed,
});

/** A wallet, transaction id or link: masked in the file unless the admin holds `pii.reveal`. */
export const personalCol = (header: string, value: unknown): Column => ({
  ...col(header, value, true),
  personal: true,
});

/** Newest first: created at, ties by the (integer) id. */
export const newestFirst = (table: { createdAt: unknown; id: unknown }) => [
  { expr: sql`${table.createdAt}`, desc: true, type: 'timestamptz' as const },
  { expr: sql`${table.id}`, desc: true, type: 'integer' as const },
];

/**
 * `sort` (`key` / `-key`, blank: `-createdAt`) over the given expressions, ties by id in the
 * same direction (as the list's `orderOf`), so a batch boundary is one row comparison.
 */
export function sortTerms<K extends string>(
  sort: SortParam<K> | undefined,
  keys: Record<K, OrderTerm['expr']>,
  types: Record<K, OrderTerm['type']>,
  id: OrderTerm,
): OrderTerm[] {
  const wanted = (sort ?? '-createdAt') as string;
  const key = wanted.replace(/^-/, '') as K;
  const desc = wanted.startsWith('-');
  return [
    { expr: keys[key], desc, type: types[key] },
    { ...id, desc },
  ];
}
