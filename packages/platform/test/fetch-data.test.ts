import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import { calls } from '@manager/contract';
import { fetchData, type ReadCall } from '../src';
import { ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
const items = [{ id: 1, label: 'a' }];
const empty: typeof items = [];

/** A schema in zod's shape: an array of `{ id: number, label: string }`. */
const list: ReadCall<typeof items> = {
  method: 'GET',
  path: '/things',
  response: {
    safeParse: (v: unknown) =>
      Array.isArray(v) && v.every((x) => typeof x?.id === 'number' && typeof x?.label === 'string')
        ? { success: true, data: v as typeof items }
        : { success: false },
  },
};

beforeEach(() => {
  ({ mock } = setup());
  storeSession();
});
afterEach(() => mock.restore());

const failures = [
  [
    'a server error',
    (m: MockAdapter) => m.onGet('/manager/things').reply(500, { code: 500, message: 'boom' }),
  ],
  ['a network failure', (m: MockAdapter) => m.onGet('/manager/things').networkError()],
  ['a non-200 code', (m: MockAdapter) => m.onGet('/manager/things').reply(200, { code: 500, data: items })],
  ['data of the wrong shape', (m: MockAdapter) => m.onGet('/manager/things').reply(200, ok([{ id: 'x' }]))],
  ['no data', (m: MockAdapter) => m.onGet('/manager/things').reply(200, { code: 200 })],
] as const;

describe('fetchData', () => {
  it('resolves the parsed data, sending the query string', async () => {
    let params: unknown;
    mock.onGet('/manager/things').reply((config) => {
      params = config.params;
      return [200, ok(items)];
    });
    await expect(fetchData(list, { params: { page: 2, search: 'x' }, fallback: empty })).resolves.toEqual(
      items,
    );
    expect(params).toEqual({ page: 2, search: 'x' });
  });

  it('marks a background read with X-Background: 1, and only that one', async () => {
    const marks: unknown[] = [];
    mock.onGet('/manager/things').reply((config) => {
      marks.push((config.headers as { get(k: string): unknown }).get('X-Background'));
      return [200, ok(items)];
    });
    await fetchData(list, { fallback: empty, background: true });
    await fetchData(list, { fallback: empty });
    expect(marks).toEqual(['1', undefined]);
  });

  it.each(failures)('resolves the fallback on %s', async (_, reply) => {
    reply(mock);
    await expect(fetchData(list, { fallback: empty })).resolves.toBe(empty);
  });

  it.each(failures)('rejects with the error text on %s', async (_, reply) => {
    reply(mock);
    await expect(fetchData(list, { error: 'Failed to fetch things' })).rejects.toThrow(
      new Error('Failed to fetch things'),
    );
  });

  it('sends a POST read with its JSON body', async () => {
    let sent: unknown;
    mock.onPost('/manager/leaderboard').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, ok({ type: 'game', timeRange: 'day', totalParticipants: 0, top100: [] })];
    });
    const request = { type: 'game', timeRange: 'day' } as const;
    const answer = await fetchData(calls.leaderboard, { body: request, fallback: null });
    expect(sent).toEqual(request);
    expect(answer).toEqual({ type: 'game', timeRange: 'day', totalParticipants: 0, top100: [] });
  });
});
