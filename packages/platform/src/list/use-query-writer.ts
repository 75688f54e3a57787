import { useContext, useRef } from 'react';
import { UNSAFE_NavigationContext, type Location, type Navigator } from 'react-router-dom';
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
 * The address as last written, by any hook of the page, or undefined when the router's history
 * cannot say (a data router's navigator has no location) or the page has moved to another path.
 * A browser or memory history changes its location at once, where the router renders the new
 * address later, in a transition: two writes can come before one render, from one hook or two
 * (a list's Status, then its dates, which another hook keeps), and a render in between may still
 * show a query older than one already written.
 */
function written(navigator: Navigator, basename: string, pathname: string) {
  const at = (navigator as Navigator & { location?: Location }).location;
  const path = basename === '/' ? pathname : `${basename.replace(/\/$/, '')}${pathname}`;
  return at && at.pathname === path ? { params: new URLSearchParams(at.search), state: at.state } : undefined;
}

/**
 * The address's query and a writer of it, for views kept in the URL. `write(change)` applies
 * `change` to the latest query written, whether the router has rendered it yet or not, and
 * writes nothing when the query is unchanged, so a no-op edit adds no entry.
 */
export function useQueryWriter() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { navigator, basename } = useContext(UNSAFE_NavigationContext);
  const latest = useRef({ params, setParams, state: location.state as unknown });
  latest.current = { params, setParams, state: location.state };

  const write = (change: (next: URLSearchParams) => void, options: QueryWrite = {}) => {
    const set = latest.current.setParams;
    // Without a history that says, this hook's own last write (timers fire after later renders).
    const { params: current, state } = written(navigator, basename, location.pathname) ?? latest.current;
    const next = new URLSearchParams(current);
    change(next);
    if (next.toString() === current.toString()) return;
    const replace = options.replace ?? (options.edit !== undefined && editOf(state) === options.edit);
    const nextState =
      options.edit === undefined ? undefined : ({ queryEdit: options.edit } satisfies EditEntryState);
    set(next, { replace, state: nextState });
    latest.current = { params: next, setParams: set, state: nextState };
  };
  return { params, write };
}
