import { act, renderHook } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListState } from '../src';

/**
 * The address as the router renders it, apart from what was written to it: a write reaches the
 * rendered URL later (the router renders it in a transition), and typing goes on meanwhile.
 */
const url = vi.hoisted(() => ({
  shown: new URLSearchParams(),
  latest: new URLSearchParams(),
  listeners: new Set<() => void>(),
}));

vi.mock('../src/list/use-query-writer', () => ({
  useQueryWriter: () => {
    const params = useSyncExternalStore(
      (listener) => {
        url.listeners.add(listener);
        return () => url.listeners.delete(listener);
      },
      () => url.shown,
    );
    const write = (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(url.latest);
      change(next);
      url.latest = next;
    };
    return { params, write };
  },
}));

/** The router renders the address as it was after `query` was written (or navigated to). */
const render = (query: string) =>
  act(() => {
    url.shown = new URLSearchParams(query);
    for (const listener of url.listeners) listener();
  });

const type = (result: { current: { setSearch: (text: string) => void } }, text: string) =>
  act(() => result.current.setSearch(text));
const pause = () => act(() => void vi.advanceTimersByTime(300));

beforeEach(() => {
  vi.useFakeTimers();
  url.shown = new URLSearchParams();
  url.latest = new URLSearchParams();
});
afterEach(() => vi.useRealTimers());

describe('useListState with an address that renders late', () => {
  it('keeps every typed character when the URL shows an older search of its own', () => {
    const { result } = renderHook(() => useListState({ pageSize: 10 }));
    type(result, 'zzz-no');
    pause();
    type(result, 'zzz-non');
    pause();
    // The first write renders only now, after the second one was written.
    render('q=zzz-no');
    expect(result.current.search).toBe('zzz-non');
    type(result, 'zzz-none');
    render('q=zzz-non');
    expect(result.current.search).toBe('zzz-none');
    pause();
    render('q=zzz-none');
    expect(result.current.search).toBe('zzz-none');
    expect(result.current.settledSearch).toBe('zzz-none');
  });

  it('a search that came from elsewhere (a link, Back) still replaces the box, and stops a pending one', () => {
    const { result } = renderHook(() => useListState({ pageSize: 10 }));
    type(result, 'anna');
    pause();
    render('q=anna');
    type(result, 'annab');
    render('q=bob');
    expect(result.current.search).toBe('bob');
    pause();
    // The typing that Back interrupted is not written after it.
    expect(url.latest.get('q')).toBe('anna');
    // Back to a search this hook wrote earlier, and already shown, is a navigation too.
    render('q=anna');
    expect(result.current.search).toBe('anna');
  });

  it('a search cleared before it rendered leaves nothing waiting: a link to it later still fills the box', () => {
    const { result } = renderHook(() => useListState({ pageSize: 10 }));
    type(result, 'a');
    pause();
    act(() => result.current.clear());
    // The router renders only the latest address, the one it showed already: nothing renders.
    expect(result.current.search).toBe('');
    // A link (or Forward) to that search later is a navigation like any other.
    render('q=a');
    expect(result.current.search).toBe('a');
  });
});
