import { useEffect, useState } from 'react';
import { useDebouncedValue, useSearchParams } from '@manager/platform';
import type { StatusFilter, TypeFilter } from '../components/users-filters';

const STATUSES: readonly StatusFilter[] = ['all', 'online', 'offline'];
const TYPES: readonly TypeFilter[] = ['all', 'premium', 'regular'];
const oneOf = <T extends string>(values: readonly T[], v: string | null): T =>
  values.includes(v as T) ? (v as T) : values[0]!;

/**
 * Page, search and filters live in the URL (`?page=3&q=anna&status=online&type=premium`), so
 * Back from a user's page returns to the same list. The search box updates at once; the URL
 * (and the call) follow 300 ms after typing stops. Any change goes back to page 1.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const settled = useDebouncedValue(search.trim());
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const status = oneOf(STATUSES, params.get('status'));
  const type = oneOf(TYPES, params.get('type'));

  const update = (changes: Record<string, string | number>, resetPage = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          const text = String(value);
          if (text === '' || text === 'all' || (key === 'page' && text === '1')) next.delete(key);
          else next.set(key, text);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (settled !== (params.get('q') ?? '')) update({ q: settled });
    // Only a settled search changes the URL; URL changes alone must not loop back here.
  }, [settled]);

  return {
    search,
    settledSearch: params.get('q') ?? '',
    page,
    status,
    type,
    setSearch,
    setPage: (p: number) => update({ page: p }, false),
    setStatus: (s: StatusFilter) => update({ status: s }),
    setType: (t: TypeFilter) => update({ type: t }),
  };
}
