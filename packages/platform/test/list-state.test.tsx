import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { listPager, useListState, useListView, useQueryWriter, type ListAnswer, type ListSpec } from '../src';

type Filter = 'status';
type Sort = 'createdAt' | 'price';
const SPEC: ListSpec<Filter, Sort> = {
  pageSize: 2,
  filters: { status: ['all', 'pending', 'approved'] },
  sorts: ['createdAt', 'price'],
};

/** The hook under a memory router started at `url`; `nav` exposes the location and navigate. */
function renderList<T>(url: string, hook: () => T) {
  const nav: { location?: ReturnType<typeof useLocation>; navigate?: ReturnType<typeof useNavigate> } = {};
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const view = renderHook(
    () => {
      nav.location = useLocation();
      nav.navigate = useNavigate();
      return hook();
    },
    { wrapper },
  );
  const search = () => nav.location!.search;
  const back = () => act(() => void nav.navigate!(-1));
  const forward = () => act(() => void nav.navigate!(1));
  return { ...view, search, back, forward, nav };
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('useQueryWriter', () => {
  const set = (name: string, value: string) => (next: URLSearchParams) => void next.set(name, value);

  it('an edit of the kind that wrote the current entry replaces it; another kind, or none, adds one', () => {
    const { result, search, back } = renderList('/list', () => useQueryWriter());
    act(() => result.current.write(set('min', '1'), { edit: 'min' }));
    act(() => result.current.write(set('min', '12'), { edit: 'min' }));
    act(() => result.current.write(set('max', '5'), { edit: 'max' }));
    act(() => result.current.write(set('page', '2')));
    act(() => result.current.write(set('min', '3'), { edit: 'min' }));
    expect(search()).toBe('?min=3&max=5&page=2');
    back();
    expect(search()).toBe('?min=12&max=5&page=2');
    back();
    expect(search()).toBe('?min=12&max=5');
    back();
    expect(search()).toBe('?min=12');
    back();
    expect(search()).toBe('');
  });

  it('writes nothing when the query is unchanged, and `replace` overrides the kind', () => {
    const { result, search, back } = renderList('/list?page=2', () => useQueryWriter());
    act(() => result.current.write(set('page', '2')));
    act(() => result.current.write(set('page', '3'), { replace: true }));
    expect(search()).toBe('?page=3');
    back();
    expect(search()).toBe('?page=3');
  });

  it('two writes before a render both land: the second starts from the first', () => {
    const { result, search, back } = renderList('/list', () => useQueryWriter());
    act(() => {
      result.current.write(set('status', 'pending'));
      result.current.write(set('q', 'anna'), { edit: 'q' });
    });
    expect(search()).toBe('?status=pending&q=anna');
    back();
    expect(search()).toBe('?status=pending');
  });

  it("under the console's kind of router, a write starts from another hook's write that has not rendered yet", () => {
    // The console's BrowserRouter, like this MemoryRouter, renders a new address in a
    // transition, after its history already holds it. A list's Status (useListState) and its
    // dates (another writer) on one page: picked one right after the other, both stay.
    let location!: ReturnType<typeof useLocation>;
    const { result } = renderHook(
      () => {
        location = useLocation();
        return { list: useListState(SPEC), dates: useQueryWriter() };
      },
      {
        wrapper: ({ children }) => <MemoryRouter initialEntries={['/list?page=3']}>{children}</MemoryRouter>,
      },
    );
    act(() => {
      result.current.list.setFilter('status', 'pending');
      result.current.dates.write(set('from', '2026-11-01'), { edit: 'from' });
      result.current.dates.write(set('to', '2026-11-30'), { edit: 'to' });
    });
    expect(location.search).toBe('?status=pending&from=2026-11-01&to=2026-11-30');
    expect(result.current.list.filters.status).toBe('pending');
  });
});

describe('useListState', () => {
  it('reads page, search, filters and sort from the URL; unknown values read as defaults', () => {
    const { result } = renderList('/list?page=3&q=anna&status=pending&sort=-price', () => useListState(SPEC));
    expect(result.current).toMatchObject({
      page: 3,
      search: 'anna',
      settledSearch: 'anna',
      filters: { status: 'pending' },
      sort: '-price',
      filtered: true,
    });
    expect(result.current.query).toEqual({
      page: 3,
      limit: 2,
      search: 'anna',
      status: 'pending',
      sort: '-price',
    });

    const odd = renderList('/list?page=x&status=done&sort=-name', () => useListState(SPEC));
    expect(odd.result.current).toMatchObject({
      page: 1,
      filters: { status: 'all' },
      sort: undefined,
      filtered: false,
    });
    expect(odd.result.current.query).toEqual({ page: 1, limit: 2 });
  });

  it('a filter, a page and a sort are history entries; a filter or sort goes back to page 1', () => {
    const { result, search, back, forward } = renderList('/list', () => useListState(SPEC));
    act(() => result.current.setPage(2));
    expect(search()).toBe('?page=2');
    act(() => result.current.setFilter('status', 'approved'));
    expect(search()).toBe('?status=approved');
    act(() => result.current.setPage(3));
    act(() => result.current.setSort('-price'));
    expect(search()).toBe('?status=approved&sort=-price');
    back();
    expect(search()).toBe('?status=approved&page=3');
    expect(result.current.page).toBe(3);
    back();
    back();
    expect(search()).toBe('?page=2');
    forward();
    expect(result.current.filters.status).toBe('approved');
    act(() => result.current.setFilter('status', 'all'));
    expect(search()).toBe('');
  });

  it('typing reaches the URL once it pauses, as one entry: later searches replace it', () => {
    const { result, search, back, nav } = renderList('/list?page=2', () => useListState(SPEC));
    const entries = () => nav.location!.key;
    act(() => result.current.setSearch('a'));
    act(() => result.current.setSearch('an'));
    expect(result.current.search).toBe('an');
    expect(search()).toBe('?page=2');
    act(() => void vi.advanceTimersByTime(300));
    expect(search()).toBe('?q=an');
    const searchEntry = entries();
    act(() => result.current.setSearch('anna '));
    act(() => void vi.advanceTimersByTime(300));
    expect(search()).toBe('?q=anna');
    // The box keeps what was typed (the trailing space), the call gets the trimmed text.
    expect(result.current.search).toBe('anna ');
    expect(result.current.query.search).toBe('anna');
    expect(entries()).not.toBe(searchEntry);
    back();
    // One entry for the whole search: Back returns to the view before it.
    expect(search()).toBe('?page=2');
    expect(result.current.search).toBe('');
  });

  it('a search after a filter is a new entry again; clear resets everything in one entry', () => {
    const { result, search, back } = renderList('/list', () => useListState(SPEC));
    act(() => result.current.setSearch('x'));
    act(() => void vi.advanceTimersByTime(300));
    act(() => result.current.setFilter('status', 'pending'));
    act(() => result.current.setSearch('xy'));
    act(() => void vi.advanceTimersByTime(300));
    expect(search()).toBe('?q=xy&status=pending');
    back();
    expect(search()).toBe('?q=x&status=pending');
    expect(result.current.search).toBe('x');
    act(() => result.current.clear());
    expect(search()).toBe('');
    expect(result.current.search).toBe('');
  });

  it('a page size from the choices: in the URL and the query, from page 1, kept by clear; others read as the default', () => {
    const { result, search } = renderList('/list?page=3&size=7', () => useListState(SPEC));
    expect(result.current.pageSizes).toEqual([2, 10, 20, 50, 100]);
    expect(result.current.pageSize).toBe(2);
    act(() => result.current.setPageSize(50));
    expect(search()).toBe('?size=50');
    expect(result.current.query).toEqual({ page: 1, limit: 50 });
    act(() => result.current.setFilter('status', 'pending'));
    act(() => result.current.clear());
    expect(search()).toBe('?size=50');
    expect(result.current.filtered).toBe(false);
    act(() => result.current.setPageSize(2));
    expect(search()).toBe('');
  });

  it('two lists on one route keep apart by prefix', () => {
    const { result, search } = renderList('/list?ton.page=2&stars.q=z', () => ({
      ton: useListState({ ...SPEC, prefix: 'ton.' }),
      stars: useListState({ ...SPEC, prefix: 'stars.' }),
    }));
    expect(result.current.ton.page).toBe(2);
    expect(result.current.stars.settledSearch).toBe('z');
    act(() => result.current.stars.setFilter('status', 'approved'));
    expect(search()).toBe('?ton.page=2&stars.q=z&stars.status=approved');
  });
});

interface Row {
  id: number;
  status: 'pending' | 'approved';
  price: number;
}
const ROWS: Row[] = [
  { id: 1, status: 'pending', price: 5 },
  { id: 2, status: 'approved', price: 1 },
  { id: 3, status: 'pending', price: 3 },
  { id: 4, status: 'pending', price: 9 },
  { id: 5, status: 'approved', price: 7 },
];

function useRows(answer: ListAnswer<Row, { approved: number }> | undefined) {
  const list = useListState(SPEC);
  const view = useListView(list, answer, {
    match: (r) => list.filters.status === 'all' || r.status === list.filters.status,
    compare: (sort) =>
      sort.endsWith('price')
        ? (a, b) => (sort.startsWith('-') ? b.price - a.price : a.price - b.price)
        : undefined,
    stats: (all) => ({ approved: all.filter((r) => r.status === 'approved').length }),
  });
  return { list, view };
}

describe('useListView', () => {
  it('a whole list: filtered, sorted, cut into pages and counted here', () => {
    const { result } = renderList('/list?status=pending&sort=-price&page=2', () => useRows(ROWS));
    expect(result.current.view).toMatchObject({ total: 3, page: 2, paged: false, stats: { approved: 2 } });
    expect(result.current.view.rows.map((r) => r.id)).toEqual([3]);
  });

  it('a server page: shown as it is, with its total and counters', () => {
    const page = { rows: [ROWS[0]!], total: 41, stats: { approved: 7 } };
    const { result } = renderList('/list?page=3&status=approved', () => useRows(page));
    expect(result.current.view).toMatchObject({
      rows: [ROWS[0]],
      total: 41,
      page: 3,
      paged: true,
      stats: { approved: 7 },
    });
  });

  it('a page past the last moves to the last, replacing the entry', () => {
    const { result, search } = renderList('/list?page=9', () => useRows(ROWS));
    expect(result.current.view.page).toBe(3);
    expect(search()).toBe('?page=3');
  });

  it('a chosen page size cuts a whole list too, and listPager hands the pager its place and choice', () => {
    const { result, search } = renderList('/list?size=10', () => useRows(ROWS));
    expect(result.current.view.rows).toHaveLength(5);
    const pager = listPager(result.current.list, result.current.view);
    expect(pager).toMatchObject({
      page: 1,
      pageSize: 10,
      total: 5,
      pageSizes: [2, 10, 20, 50, 100],
      defaultPageSize: 2,
    });
    act(() => pager.onPageSize(2));
    act(() => listPager(result.current.list, result.current.view).onChange(2));
    expect(search()).toBe('?page=2');
    expect(result.current.view.rows.map((r) => r.id)).toEqual([3, 4]);
  });

  it('no answer yet: no rows, loading', () => {
    const { result } = renderList('/list', () => useRows(undefined));
    expect(result.current.view).toMatchObject({ rows: [], total: 0, loading: true });
  });
});

describe('useListView with an answer kept from another view', () => {
  it('a stale answer never moves the page (Back to a deep page keeps it); the view own answer does', async () => {
    let stale = true;
    const fewRows: ListAnswer<Row> = { rows: [ROWS[0]!], total: 1 };
    const { result, search, nav } = renderList('/list?page=40', () => {
      const list = useListState(SPEC);
      return useListView(list, fewRows, { stale });
    });
    expect(result.current.page).toBe(40);
    expect(search()).toBe('?page=40');
    // The view's own answer arrives (any render after it: here an unrelated parameter).
    stale = false;
    await act(async () => void nav.navigate!('/list?page=40&other=1', { replace: true }));
    expect(search()).toBe('?other=1');
    expect(result.current.page).toBe(1);
  });
});
