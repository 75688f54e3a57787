import { useState } from 'react';

/**
 * Client pages over a list filtered on the client. `page` is clamped to the last page when
 * the list shrinks; `resetting(set)` wraps a filter's setter so that a change goes back to
 * page 1.
 * @deprecated Use `useListState` and `useListView` (kept for remote releases built against platform 0.5).
 */
export function useClientPages<T>(items: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const last = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, last);
  const resetting =
    <V>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  return {
    page: current,
    setPage,
    visible: items.slice((current - 1) * pageSize, current * pageSize),
    resetting,
  };
}
