import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './helper';

/** Small helpers shared by the users/games API tests. */
export function api(t: TestApp, token: () => string) {
  const rows = async (query: string) =>
    ((await t.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    rows,
    one: async (query: string) => (await rows(query))[0]!,
    get: async (url: string) => {
      const res = await t.call({ method: 'GET', url, token: token() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    },
    call: (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
      t.call({
        method,
        url,
        token: token(),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
