import { useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_SIZE_CHOICES } from '@manager/contract';
import { useQueryWriter } from './use-query-writer.ts';

/**
 * What a list keeps in the address: `pageSize` rows a page, its filters (name -> allowed
 * values; the first is the default and stays out of the URL), the sort keys it offers (`key`
 * ascending, `-key` descending) and a `prefix` for the parameter names when two lists share
 * one route.
 */
export interface ListSpec<F extends string = never, S extends string = never> {
  /** The default rows a page (the brief's); `?size=` picks another of `pageSizes`. */
  pageSize: number;
  filters?: { readonly [K in F]: readonly [string, ...string[]] };
  sorts?: readonly S[];
  prefix?: string;
  /** How long typing must pause before the search reaches the URL and the call. */
  searchDelayMs?: number;
}

/** The query of a list call: what the list shows, defaults left out. */
export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
  [filter: string]: string | number | undefined;
}

export interface ListState<F extends string = never, S extends string = never> {
  /** The search box's text (at once); the URL and `query.search` follow when typing pauses. */
  search: string;
  setSearch: (text: string) => void;
  /** The search the rows are for (the URL's). */
  settledSearch: string;
  page: number;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  filters: { readonly [K in F]: string };
  setFilter: (name: F, value: string) => void;
  setFilters: (changes: Partial<Record<F, string>>) => void;
  sort: S | `-${S}` | undefined;
  setSort: (sort: S | `-${S}` | undefined) => void;
  /** Search, every filter and the sort back to their defaults, page 1 (one history entry). */
  clear: () => void;
  /** True when a search, a filter or a sort narrows or orders the list. */
  filtered: boolean;
  query: ListQuery;
  /** Rows a page: the address's `size` when it is one of `pageSizes`, the list's default otherwise. */
  pageSize: number;
  /** The list's own page size (the spec's). */
  defaultPageSize: number;
  /** The sizes offered: `PAGE_SIZE_CHOICES` and the list's default, ascending. */
  pageSizes: readonly number[];
  /** A new page size, from page 1; the default leaves the address. Kept by `clear()`. */
  setPageSize: (size: number) => void;
}

/**
 * A list's page, search, filters and sort, kept in the URL (`?q=anna&status=pending&page=3&sort=-price`)
 * so a reload or a shared link shows the same view (docs/screens.md#lists). A page, filter or
 * sort change is a history entry of its own, so Back and Forward step through the views the
 * admin chose; a settled search replaces the entry when that entry is itself a search's, so
 * typing adds one entry, not one per key. Any change but the page goes back to page 1.
 * Values the list does not know (a stale or edited link) read as the defaults.
 */
export function useListState<F extends string = never, S extends string = never>(
  spec: ListSpec<F, S>,
): ListState<F, S> {
  const { prefix = '', searchDelayMs = 300 } = spec;
  const pageSizes = useMemo(
    () => [...new Set<number>([...PAGE_SIZE_CHOICES, spec.pageSize])].sort((a, b) => a - b),
    [spec.pageSize],
  );
  const filterSpec = (spec.filters ?? {}) as Record<F, readonly [string, ...string[]]>;
  const names = Object.keys(filterSpec) as F[];
  const key = (name: string) => `${prefix}${name}`;

  const { params, write } = useQueryWriter();

  const settledSearch = params.get(key('q')) ?? '';
  const [search, setSearchText] = useState(settledSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The search the URL showed at the last render, and the searches this hook wrote that it has
  // not shown yet. A write reaches the rendered URL later (the router renders it in a
  // transition), and typing goes on meanwhile: the URL showing one of this hook's own searches,
  // even one older than the box, is not a navigation and must not put that text back into the
  // box (it would drop what was typed since). Any other search came from a link, Back or Forward.
  const shown = useRef(settledSearch);
  const written = useRef<string[]>([]);
  useEffect(() => {
    if (settledSearch === shown.current) return;
    shown.current = settledSearch;
    const own = written.current.indexOf(settledSearch);
    if (own >= 0) {
      written.current = written.current.slice(own + 1);
      return;
    }
    written.current = [];
    clearTimeout(timer.current);
    setSearchText(settledSearch);
  }, [settledSearch]);
  // A search about to be written. One the URL shows already may never render again (the
  // router renders only the latest address): nothing written before it is waited for.
  const remember = (search: string) => {
    if (search === shown.current) written.current = [];
    else if (search !== written.current.at(-1)) written.current.push(search);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const put = (next: URLSearchParams, name: string, value: string | undefined, fallback?: string) => {
    if (value === undefined || value === '' || value === fallback) next.delete(key(name));
    else next.set(key(name), value);
  };

  const page = Math.max(1, Number.parseInt(params.get(key('page')) ?? '1', 10) || 1);
  const askedSize = Number(params.get(key('size')));
  const pageSize = pageSizes.includes(askedSize) ? askedSize : spec.pageSize;
  const rawFilters = names.map((name) => params.get(key(name)) ?? '').join('\u0000');
  const filters = useMemo(() => {
    const read = {} as Record<F, string>;
    for (const name of names) {
      const values = filterSpec[name];
      const value = params.get(key(name));
      read[name] = value !== null && values.includes(value) ? value : values[0];
    }
    return read;
    // `rawFilters` carries every filter's value from the URL.
  }, [rawFilters]);
  const rawSort = params.get(key('sort')) ?? '';
  const sort = spec.sorts?.includes(rawSort.replace(/^-/, '') as S) ? (rawSort as S | `-${S}`) : undefined;

  const setFilters = (changes: Partial<Record<F, string>>) =>
    write((next) => {
      for (const name of Object.keys(changes) as F[]) put(next, name, changes[name], filterSpec[name]?.[0]);
      next.delete(key('page'));
    });

  const query: ListQuery = { page, limit: pageSize };
  if (settledSearch) query.search = settledSearch;
  for (const name of names) if (filters[name] !== filterSpec[name][0]) query[name] = filters[name];
  if (sort) query.sort = sort;

  return {
    search,
    settledSearch,
    setSearch: (text) => {
      setSearchText(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const settled = text.trim();
        remember(settled);
        write(
          (next) => {
            put(next, 'q', settled);
            next.delete(key('page'));
          },
          { edit: key('q') },
        );
      }, searchDelayMs);
    },
    page,
    setPage: (p, options) => write((next) => put(next, 'page', String(p), '1'), options),
    filters,
    setFilter: (name, value) => setFilters({ [name]: value } as Partial<Record<F, string>>),
    setFilters,
    sort,
    setSort: (s) =>
      write((next) => {
        put(next, 'sort', s);
        next.delete(key('page'));
      }),
    clear: () => {
      clearTimeout(timer.current);
      setSearchText('');
      remember('');
      write((next) => {
        for (const name of ['q', 'page', 'sort', ...names]) next.delete(key(name));
      });
    },
    filtered:
      Boolean(settledSearch) || Boolean(sort) || names.some((name) => filters[name] !== filterSpec[name][0]),
    query,
    pageSize,
    defaultPageSize: spec.pageSize,
    pageSizes,
    setPageSize: (size) =>
      write((next) => {
        put(next, 'size', String(size), String(spec.pageSize));
        next.delete(key('page'));
      }),
  };
}
