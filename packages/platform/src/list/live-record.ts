import { useState } from 'react';
import type { ListAnswer } from './use-list-view.ts';

const rowsOf = <R>(answer: ListAnswer<R, unknown> | undefined): readonly R[] =>
  answer === undefined ? [] : 'rows' in answer ? answer.rows : answer;

/**
 * The record `id` names, as list data the event stream refreshes holds it now (the first of
 * `sources` that has it), for a form open over it: the form sees another admin's change
 * (`useFormUnderChange`). While none holds it (another page, filtered out, deleted) the last one
 * seen stays, so the form does not vanish under the admin. Null when `id` is.
 */
export function useLiveRecord<R extends { id: number }>(
  id: number | null,
  ...sources: readonly (ListAnswer<R, unknown> | undefined)[]
): R | null {
  const [last, setLast] = useState<R | null>(null);
  let found: R | null = null;
  if (id !== null)
    for (const source of sources) {
      found = rowsOf(source).find((row) => row.id === id) ?? null;
      if (found) break;
    }
  if (found !== null && found !== last) setLast(found);
  if (id === null) return null;
  return found ?? (last?.id === id ? last : null);
}

/**
 * A page's rows with the one under an open inline form kept on it, where it was last shown: a
 * change that takes the record off the page does not take the form (and what was typed) away.
 */
export function useRowsKeeping<R extends { id: number }>(rows: readonly R[], kept: R | null): readonly R[] {
  const index = kept === null ? -1 : rows.findIndex((row) => row.id === kept.id);
  const [at, setAt] = useState(0);
  if (index >= 0 && index !== at) setAt(index);
  if (kept === null || index >= 0) return rows;
  return [...rows.slice(0, at), kept, ...rows.slice(at)];
}
