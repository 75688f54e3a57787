import { useRef } from 'react';
import { useLocation, useSearchParams } from '../router.ts';

/** History state of an entry an edit wrote: which kind of edit it was. */
interface EditEntryState {
  queryEdit: string;
}
const editOf = (state: unknown) =>
  typeof state === 'object' && state !== null ? (state as Partial<EditEntryState>).queryEdit : undefined;

export interface QueryWrite {
  /**
   * The kind of edit this is (a list's search, one filter field, a pair of dates): it replaces
   * the current entry when that entry was written by the same kind of edit, so a typed search
   * or amount, or two picked dates, is one history entry, not one per key. Without it the
   * write is an entry of its own.
   */
  edit?: string;
  /** Replace (or add) the entry whatever the kind. */
  replace?: boolean;
}

/**
 * The address's query and a writer of it, for views kept in the URL. `write(change)` applies
 * `change` to the latest query, rendered or written (timers fire after later renders; two
 * writes can come before one render), and writes nothing
 * when the query is unchanged, so a no-op edit adds no entry.
 */
export function useQueryWriter() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const latest = useRef({ params, setParams, state: location.state as unknown });
  latest.current = { params, setParams, state: location.state };

  const write = (change: (next: URLSearchParams) => void, options: QueryWrite = {}) => {
    const { params: current, setParams: set, state } = latest.current;
    const next = new URLSearchParams(current);
    change(next);
    if (next.toString() === current.toString()) return;
    const replace = options.replace ?? (options.edit !== undefined && editOf(state) === options.edit);
    const nextState =
      options.edit === undefined ? undefined : ({ queryEdit: options.edit } satisfies EditEntryState);
    set(next, { replace, state: nextState });
    // A second write before the next render (a settled search right after a filter) starts
    // from this one, not from the query this one replaced.
    latest.current = { params: next, setParams: set, state: nextState };
  };
  return { params, write };
}
