import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue, useSearchPages, useSubmittedSearch } from '../src';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('follows the value only once it has stopped changing for the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), {
      initialProps: { v: 'a' },
    });
    rerender({ v: 'ab' });
    act(() => void vi.advanceTimersByTime(200));
    rerender({ v: 'abc' });
    act(() => void vi.advanceTimersByTime(200));
    expect(result.current).toBe('a');
    act(() => void vi.advanceTimersByTime(100));
    expect(result.current).toBe('abc');
  });
});

describe('useSearchPages', () => {
  it('settles the trimmed text after the delay and goes back to page 1 at that moment', () => {
    const { result } = renderHook(() => useSearchPages());
    act(() => result.current.setPage(3));
    act(() => result.current.setText('  anna '));
    expect(result.current).toMatchObject({ text: '  anna ', search: '', page: 3 });
    act(() => void vi.advanceTimersByTime(300));
    expect(result.current).toMatchObject({ search: 'anna', page: 1 });
  });
});

describe('useSubmittedSearch', () => {
  it('searches the trimmed text from page 1', () => {
    const { result } = renderHook(() => useSubmittedSearch());
    act(() => result.current.setPage(4));
    act(() => result.current.submit(' pepe '));
    expect(result.current).toMatchObject({ search: 'pepe', page: 1 });
  });
});
