import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useClientPages } from '../src';

const numbers = Array.from({ length: 23 }, (_, i) => i + 1);

describe('useClientPages', () => {
  it('slices pages, clamps the page to the last one, and a wrapped setter goes back to page 1', () => {
    const { result } = renderHook(() => {
      const [max, setMax] = useState(23);
      const pages = useClientPages(
        numbers.filter((n) => n <= max),
        10,
      );
      return { ...pages, setMax: pages.resetting(setMax), setMaxKeepingPage: setMax };
    });
    expect(result.current.visible).toEqual(numbers.slice(0, 10));
    act(() => result.current.setPage(3));
    expect(result.current.visible).toEqual([21, 22, 23]);
    act(() => result.current.setMaxKeepingPage(15));
    expect(result.current.page).toBe(2);
    expect(result.current.visible).toEqual([11, 12, 13, 14, 15]);
    act(() => result.current.setMax(12));
    expect(result.current.page).toBe(1);
    expect(result.current.visible).toHaveLength(10);
  });
});
