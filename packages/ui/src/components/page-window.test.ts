import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it('handles no pages and one page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
  it('shows every page when they fit', () => {
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('adds the last page with an ellipsis near the start', () => {
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 7]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
  });
  it('adds the first page with an ellipsis near the end', () => {
    expect(pageWindow(7, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7]);
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });
  it('centres on the current page with both ellipses', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
  });
  it('skips the ellipsis when only one page would hide behind it', () => {
    expect(pageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 8]);
  });
  it('clamps out-of-range pages', () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 3)).toEqual([1, 2, 3]);
  });
});
