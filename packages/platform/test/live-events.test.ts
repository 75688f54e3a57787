import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleEvent } from '@manager/contract';
import {
  applyEvent,
  applyReconnect,
  batchEvents,
  BATCH_MS,
  keysOf,
  onEvent,
  refreshOn,
} from '../src/live/refresh.ts';
import { runStream } from '../src/live/connection/stream.ts';
import { shareAcrossTabs } from '../src/live/connection/tabs.ts';
import { queryKeys, resource } from '../src/query.ts';
import { useAuthStore } from '../src/auth/store.ts';

const event = (id: string, over: Partial<ConsoleEvent> = {}): ConsoleEvent => ({
  id,
  at: '2026-11-30T12:00:00.000Z',
  entity: 'withdrawal',
  entityId: '7',
  action: 'withdrawal.reject',
  actor: 'finance',
  ...over,
});

const sse = (...blocks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const block of blocks) controller.enqueue(new TextEncoder().encode(block));
      controller.close();
    },
  });

const frame = (e: ConsoleEvent) => `id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`;

describe('refreshOn and applyEvent', () => {
  const parcels = resource('parcels-test');
  refreshOn('giveaway', parcels);

  it('an event refreshes the lists registered for its kind, the counters, the dashboard and the audit pages', () => {
    expect(keysOf({ entity: 'giveaway', actor: 'admin', action: 'giveaway.update' })).toEqual([
      queryKeys.metrics(),
      queryKeys.dashboard(),
      ['manager', 'audit', 'list'],
      ['manager', 'parcels-test', 'list'],
    ]);
    // A platform change has no audit row; another kind refreshes none of these lists.
    expect(keysOf({ entity: 'metrics', actor: null, action: 'metrics.moved' })).toEqual([
      queryKeys.metrics(),
      queryKeys.dashboard(),
    ]);
    expect(keysOf({ entity: 'task', actor: 'admin', action: 'task.update' })).not.toContainEqual([
      'manager',
      'parcels-test',
      'list',
    ]);
  });

  it("an arrival or a departure refreshes only who is shown on the record's kind", () => {
    expect(keysOf({ entity: 'withdrawal', actor: 'admin', action: 'presence.changed' })).toEqual([
      queryKeys.presence('withdrawal'),
    ]);
    const client = new QueryClient();
    client.setQueryData(queryKeys.presence('withdrawal', '9'), []);
    client.setQueryData(queryKeys.presence('user', '9'), []);
    applyEvent(client, event('5', { entity: 'withdrawal', entityId: '9', action: 'presence.changed' }));
    expect(client.getQueryState(queryKeys.presence('withdrawal', '9'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.presence('user', '9'))?.isInvalidated).toBe(false);
  });

  it('a change that fills or clears an inbox refreshes the bell of those it may reach; others do not', () => {
    useAuthStore.setState({ permissions: new Set(['withdrawals.read', 'withdrawals.decide']) });
    expect(
      keysOf({ entity: 'withdrawal', actor: 'admin', action: 'withdrawal.first_approval' }),
    ).toContainEqual(queryKeys.inbox());
    expect(keysOf({ entity: 'release', actor: null, action: 'release.changed' })).toContainEqual(
      queryKeys.inbox(),
    );
    expect(keysOf({ entity: 'task', actor: 'admin', action: 'task.update' })).not.toContainEqual(
      queryKeys.inbox(),
    );
    // Support reads withdrawals but is never sent their items: its bell is left alone.
    useAuthStore.setState({ permissions: new Set(['withdrawals.read']) });
    expect(
      keysOf({ entity: 'withdrawal', actor: 'admin', action: 'withdrawal.first_approval' }),
    ).not.toContainEqual(queryKeys.inbox());
  });

  it('tells every listener of each event at once, until it unsubscribes', () => {
    const seen: string[] = [];
    const stop = onEvent((e) => seen.push(e.id));
    const client = new QueryClient();
    applyEvent(client, event('11', { entity: 'task' }));
    stop();
    applyEvent(client, event('12', { entity: 'task' }));
    expect(seen).toEqual(['11']);
  });

  it('marks the lists stale and leaves the details (a form may be open over one) alone', () => {
    const client = new QueryClient();
    client.setQueryData(parcels.list({ page: 2 }), ['a']);
    client.setQueryData(parcels.detail(7), { id: 7 });
    applyEvent(client, event('1', { entity: 'giveaway' }));
    expect(client.getQueryState(parcels.list({ page: 2 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(parcels.detail(7))?.isInvalidated).toBe(false);
  });

  it('after the stream was down, refreshes every registered list once (a gap may not all replay)', () => {
    const client = new QueryClient();
    client.setQueryData(parcels.list({ page: 1 }), ['a']);
    client.setQueryData(parcels.detail(7), { id: 7 });
    applyReconnect(client);
    expect(client.getQueryState(parcels.list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(parcels.detail(7))?.isInvalidated).toBe(false);
  });
});

describe('batchEvents', () => {
  it('refreshes what a burst of events touches once, when the burst is over', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const invalidate = vi.spyOn(client, 'invalidateQueries');
      const apply = batchEvents(client, new AbortController().signal);
      for (let i = 0; i < 50; i++) apply(event(String(i)));
      expect(invalidate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      // Each key once: the counters, the dashboard, the audit log's pages (no list is registered
      // for withdrawals in this test).
      expect(invalidate).toHaveBeenCalledTimes(keysOf(event('0')).length);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('runStream', () => {
  it('hands each change on, ignores heartbeats, and reconnects with the last id it saw', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const sent: (string | null)[] = [];
    const responses = [
      new Response(sse(': heartbeat\n\n', frame(event('41')), frame(event('42')))),
      new Response(sse(frame(event('43')))),
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
      sent.push(new Headers(init?.headers).get('Last-Event-ID'));
      const next = responses.shift();
      if (!next) {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      }
      return Promise.resolve(next);
    });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const statuses: string[] = [];
    await runStream({
      url: 'http://api.test/manager/events',
      headers: () => new Headers(),
      renew: () => Promise.resolve(),
      lastEventId: '40',
      onEvent: (e) => seen.push(e.id),
      onStatus: (s) => statuses.push(s),
      signal: controller.signal,
    });
    expect(seen).toEqual(['41', '42', '43']);
    expect(sent).toEqual(['40', '42', '43']);
    expect(statuses.slice(0, 3)).toEqual(['up', 'down', 'up']);
  });

  it('a stream the API ended in good order (its token expired) is opened again at once, without going down', async () => {
    const controller = new AbortController();
    const sent: (string | null)[] = [];
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const responses = [new Response(sse(frame(event('7')))), new Response(sse(frame(event('8'))))];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
      sent.push(new Headers(init?.headers).get('Last-Event-ID'));
      now += 10_000;
      const next = responses.shift();
      if (!next) controller.abort();
      return next ? Promise.resolve(next) : Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const statuses: string[] = [];
    await runStream({
      url: 'http://api.test/manager/events',
      headers: () => new Headers(),
      renew: () => Promise.resolve(),
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      signal: controller.signal,
    });
    expect(sent).toEqual([null, '7', '8']);
    expect(statuses).toEqual(['up']);
  });

  it('renews the token once after a 401, then connects with the new one', async () => {
    const controller = new AbortController();
    let token = 'old';
    const used: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
      const auth = new Headers(init?.headers).get('Authorization') ?? '';
      used.push(auth);
      if (auth === 'Bearer old') return Promise.resolve(new Response(null, { status: 401 }));
      controller.abort();
      return Promise.resolve(new Response(sse(frame(event('1')))));
    });
    const renew = vi.fn(() => {
      token = 'new';
      return Promise.resolve();
    });
    await runStream({
      url: 'http://api.test/manager/events',
      headers: () => new Headers({ Authorization: `Bearer ${token}` }),
      renew,
      onEvent: () => undefined,
      onStatus: () => undefined,
      signal: controller.signal,
    });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(used).toEqual(['Bearer old', 'Bearer new']);
  });

  it('stops when the session is over (the renewal is refused)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 401 }));
    const refused = Object.assign(new Error('Session expired'), { status: 401 });
    const renew = vi.fn(() => Promise.reject(refused));
    await runStream({
      url: 'http://api.test/manager/events',
      headers: () => new Headers(),
      renew,
      onEvent: () => undefined,
      onStatus: () => undefined,
      signal: new AbortController().signal,
    });
    expect(renew).toHaveBeenCalledTimes(1);
  });
});

describe('shareAcrossTabs', () => {
  it('without Web Locks every tab leads its own stream', () => {
    const locks = Object.getOwnPropertyDescriptor(navigator, 'locks');
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    try {
      const lead = vi.fn(() => Promise.resolve());
      shareAcrossTabs(
        {
          scope: '1',
          onEvent: () => undefined,
          onStatus: () => undefined,
          signal: new AbortController().signal,
        },
        lead,
      );
      expect(lead).toHaveBeenCalledWith(expect.objectContaining({ lastEventId: null }));
    } finally {
      if (locks) Object.defineProperty(navigator, 'locks', locks);
    }
  });
});
