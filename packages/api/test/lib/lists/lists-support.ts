import { expect } from 'vitest';
import type { TestApp } from '../../support/helper';

/**
 * Checks shared by the lists answered whole or by page (`docs/api.md#lists`): a list is read
 * whole (no `page`) and by page with the same query, and the page must be exactly that slice
 * of the whole list, with its pagination.
 */
export interface ListSpec {
  /** Path under /manager, e.g. `/shop-orders`. */
  path: string;
  /** The rows' key in a page (`orders`) and the total's key in its pagination (`totalOrders`). */
  key: string;
  totalKey: string;
  pageSize: number;
  /** The whole form when it is not a bare array (mailings: `{ mailings }`). */
  wholeKey?: string;
}

export type Row = Record<string, unknown> & { id: number | string };

export function listReader(t: TestApp, token: string) {
  const data = async (url: string) => {
    const res = await t.call({ method: 'GET', url: `/manager${url}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const url = (spec: ListSpec, query: string) => `${spec.path}${query ? `?${query}` : ''}`;

  /** The whole list for `query` (search, filters, sort; no page). */
  async function all(spec: ListSpec, query = ''): Promise<Row[]> {
    const answer = await data(url(spec, query));
    const rows = spec.wholeKey ? answer[spec.wholeKey] : answer;
    expect(Array.isArray(rows), `${spec.path} without page answers the whole list`).toBe(true);
    if (spec.wholeKey) expect(Object.keys(answer)).toEqual([spec.wholeKey]);
    return rows as Row[];
  }

  /** Page `page` of `limit` for `query`; fails unless it is that slice of the whole list with its pagination. */
  async function pageMatches(
    spec: ListSpec,
    query: string,
    whole: Row[],
    page: number,
    limit = spec.pageSize,
  ) {
    const answer = await data(
      url(
        spec,
        [query, `page=${page}`, limit === spec.pageSize ? '' : `limit=${limit}`].filter(Boolean).join('&'),
      ),
    );
    expect(answer[spec.key]).toEqual(whole.slice((page - 1) * limit, page * limit));
    expect(answer.pagination).toEqual({
      totalPages: Math.ceil(whole.length / limit),
      currentPage: page,
      [spec.totalKey]: whole.length,
    });
    return answer;
  }

  /** A bad query answers 400 naming `field` first. */
  async function refuses(spec: ListSpec, query: string, field: string) {
    const res = await t.call({ method: 'GET', url: `/manager${url(spec, query)}`, token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  }

  /**
   * The whole list with `query` is the unfiltered list's rows that `keep`, in the same order,
   * and neither empty nor everything (so the filter is seen to act); its first page agrees.
   */
  async function filterMatches(
    spec: ListSpec,
    unfiltered: Row[],
    query: string,
    keep: (row: Row) => boolean,
  ) {
    const filtered = await all(spec, query);
    const expected = unfiltered.filter(keep);
    expect(
      filtered.map((r) => r.id),
      query,
    ).toEqual(expected.map((r) => r.id));
    expect(filtered.length, `${query} keeps some rows`).toBeGreaterThan(0);
    expect(filtered.length, `${query} drops some rows`).toBeLessThan(unfiltered.length);
    await pageMatches(spec, query, filtered, 1);
    return filtered;
  }

  /**
   * `sort=key` orders the whole list by `value` ascending and `-key` descending, ties by id in
   * the same direction; its pages are slices of that order.
   */
  async function sortMatches(spec: ListSpec, key: string, value: (row: Row) => number | string) {
    for (const direction of [1, -1]) {
      const query = `sort=${direction === 1 ? '' : '-'}${key}`;
      const rows = await all(spec, query);
      const byId = (a: Row, b: Row) => (a.id < b.id ? -direction : a.id > b.id ? direction : 0);
      const expected = [...rows].sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        return x < y ? -direction : x > y ? direction : byId(a, b);
      });
      expect(
        rows.map((r) => r.id),
        query,
      ).toEqual(expected.map((r) => r.id));
      expect(new Set(rows.map(value)).size, `${key} has distinct values to order`).toBeGreaterThan(1);
      await pageMatches(spec, query, rows, 2, 3);
    }
  }

  return { data, all, pageMatches, refuses, filterMatches, sortMatches };
}

/** A piece of `text` from its middle, in upper case: a "contains", case-insensitive search for it. */
export const middleOf = (text: string, length = 3) => {
  const start = Math.max(0, Math.floor((text.length - length) / 2));
  return text.slice(start, start + length).toUpperCase();
};
