import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PRESENCE_BEAT_MS, type ConsoleEvent } from '@manager/contract';
import { useAuthStore, usePresence, usePresent, useRecordChanges } from '../src';
import { useFormUnderChange } from '../src/forms.ts';
import { useInbox, useMarkRead } from '../src/live/on-demand/inbox.ts';
import { applyEvent } from '../src/live/refresh.ts';
import { admin, ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
// The presence requests are a chunk of their own: loaded once here, as a page's first use would.
beforeAll(() => import('../src/live/on-demand/presence-calls.ts'));
beforeEach(() => {
  ({ mock } = setup());
  storeSession();
  useAuthStore.setState({
    isAuthenticated: true,
    admin,
    permissions: new Set(['users.read', 'withdrawals.read']),
  });
  mock.onPut('/manager/presence').reply(200, ok(null));
  mock.onPost('/manager/presence/leave').reply(200, ok(null));
});
afterEach(() => {
  mock.restore();
  vi.useRealTimers();
});

const wrapperWith = (client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
const bodies = (list: { data?: unknown }[] | undefined) =>
  (list ?? []).map((r) => JSON.parse(String(r.data)) as Record<string, string>);
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('usePresence', () => {
  it('announces the strongest activity of a record, renews it, and leaves when the last part lets go', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = renderHook(() => usePresence('user', 42, 'viewing'), { wrapper: wrapperWith() });
    await settle();
    const form = renderHook(({ editing }) => usePresence('user', 42, editing ? 'editing' : null), {
      wrapper: wrapperWith(),
      initialProps: { editing: true },
    });
    await settle();
    expect(bodies(mock.history.put).map((b) => b.activity)).toEqual(['viewing', 'editing']);
    const tab = bodies(mock.history.put)[0]!.tab!;
    expect(tab.length).toBeGreaterThanOrEqual(8);

    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_BEAT_MS));
    expect(bodies(mock.history.put).at(-1)).toMatchObject({
      entity: 'user',
      entityId: '42',
      activity: 'editing',
    });

    // The form closes: the page still views the record; nothing leaves.
    form.rerender({ editing: false });
    await settle();
    expect(bodies(mock.history.put).at(-1)!.activity).toBe('viewing');
    expect(mock.history.post).toHaveLength(0);

    page.unmount();
    form.unmount();
    await settle();
    expect(bodies(mock.history.post)).toEqual([{ entity: 'user', entityId: '42', tab }]);
    const puts = mock.history.put.length;
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_BEAT_MS * 2));
    expect(mock.history.put).toHaveLength(puts);
  });

  it('claims nothing on a kind of record the admin may not read', async () => {
    const { unmount } = renderHook(() => usePresence('task', 3, 'editing'), { wrapper: wrapperWith() });
    await settle();
    expect(mock.history.put).toHaveLength(0);
    unmount();
  });
});

describe('usePresent', () => {
  it('lists the other admins on the record, never the signed-in one', async () => {
    const entries = [
      {
        adminId: 1,
        username: 'admin',
        entityId: '9',
        activity: 'viewing',
        since: '2026-12-01T00:00:00.000Z',
      },
      {
        adminId: 2,
        username: 'finance',
        entityId: '9',
        activity: 'deciding',
        since: '2026-12-01T00:00:00.000Z',
      },
    ];
    mock.onGet('/manager/presence').reply(200, ok(entries));
    const { result, unmount } = renderHook(() => usePresent('withdrawal'), { wrapper: wrapperWith() });
    await waitFor(() => expect(result.current).toEqual([entries[1]]));
    expect(mock.history.get![0]!.params).toEqual({ entity: 'withdrawal' });
    unmount();
  });
});

describe('useRecordChanges', () => {
  const change = (over: Partial<ConsoleEvent>): ConsoleEvent => ({
    id: '1',
    at: '2026-12-01T00:00:00.000Z',
    entity: 'user',
    entityId: '42',
    action: 'user.balances.update',
    actor: 'finance',
    ...over,
  });

  it("says when someone else changed the watched record, not for the admin's own changes or arrivals", () => {
    const client = new QueryClient();
    const { result, rerender, unmount } = renderHook(({ on }) => useRecordChanges('user', 42, on), {
      wrapper: wrapperWith(client),
      initialProps: { on: true },
    });
    act(() => applyEvent(client, change({ actor: 'admin' })));
    act(() => applyEvent(client, change({ action: 'presence.changed' })));
    act(() => applyEvent(client, change({ entityId: '43' })));
    expect(result.current.change).toBeNull();
    act(() => applyEvent(client, change({ id: '9' })));
    expect(result.current.change?.id).toBe('9');
    act(() => result.current.dismiss());
    expect(result.current.change).toBeNull();

    // A closed form watches nothing.
    rerender({ on: false });
    act(() => applyEvent(client, change({ id: '10' })));
    expect(result.current.change).toBeNull();
    unmount();
  });
});

describe('useFormUnderChange', () => {
  /** A form as antd keeps it: its values, and which fields were typed in. */
  const formOf = (values: Record<string, unknown>, touched: string[]) => ({
    values: { ...values },
    isFieldTouched: (name: string) => touched.includes(name),
    getFieldValue(name: string) {
      return this.values[name];
    },
    setFields(fields: { name: string; value: unknown; touched: boolean }[]) {
      for (const { name, value, touched: now } of fields) {
        this.values[name] = value;
        if (now) touched.push(name);
      }
    },
  });
  type Task = { title: string; reward: number; tags: string[] };
  const stored: Task = { title: 'Follow', reward: 5, tags: ['a'] };

  it('says the stored record changed, and Review changes takes it into the untouched fields only', () => {
    const client = new QueryClient();
    const form = formOf({ ...stored, title: 'Follow us' }, ['title']);
    const { result, rerender, unmount } = renderHook(
      ({ current }: { current: Task | null }) =>
        useFormUnderChange(form, 7, current, useRecordChanges('task', 7, current !== null)),
      { wrapper: wrapperWith(client), initialProps: { current: { ...stored } as Task | null } },
    );
    // The same record read again (a new object, equal values) is not a change.
    rerender({ current: { ...stored, tags: ['a'] } });
    expect(result.current.changed).toBe(false);

    act(() =>
      applyEvent(client, {
        id: '3',
        at: '2026-12-01T00:00:00.000Z',
        entity: 'task',
        entityId: '7',
        action: 'task.update',
        actor: 'finance',
      }),
    );
    const now: Task = { title: 'Follow the channel', reward: 8, tags: ['a'] };
    rerender({ current: now });
    expect(result.current).toMatchObject({ changed: true, by: 'finance', reviewed: [] });
    // Nothing is written into the form until the admin asks.
    expect(form.values).toEqual({ title: 'Follow us', reward: 5, tags: ['a'] });

    act(() => result.current.review());
    expect(form.values).toEqual({ title: 'Follow us', reward: 8, tags: ['a'] });
    expect(result.current).toMatchObject({ changed: false, by: null, reviewed: ['title', 'reward'] });

    // A field a review filled is still the stored one's: the next change comes into it too.
    rerender({ current: { ...now, reward: 9 } });
    expect(result.current.changed).toBe(true);
    act(() => result.current.review());
    expect(form.values).toEqual({ title: 'Follow us', reward: 9, tags: ['a'] });
    expect(result.current.reviewed).toEqual(['reward']);

    // Deleted by someone else: the list may still show its last values, the event says it is gone.
    act(() =>
      applyEvent(client, {
        id: '4',
        at: '2026-12-01T00:01:00.000Z',
        entity: 'task',
        entityId: '7',
        action: 'task.delete',
        actor: 'content',
      }),
    );
    expect(result.current).toMatchObject({ changed: true, gone: true, by: 'content' });

    // Closed (or adding): nothing is watched, and what was reviewed is forgotten.
    rerender({ current: null });
    expect(result.current).toMatchObject({ changed: false, gone: false, reviewed: [] });
    unmount();
  });
  it('keeps a typed value whose field antd no longer calls touched (hidden and shown again)', () => {
    const client = new QueryClient();
    // `tags` was typed in, hidden and shown again: antd forgot it was touched, its value did not.
    const form = formOf({ ...stored, tags: ['mine'] }, []);
    const { result, rerender, unmount } = renderHook(
      ({ current }: { current: Task }) =>
        useFormUnderChange(form, 7, current, useRecordChanges('task', 7, true)),
      { wrapper: wrapperWith(client), initialProps: { current: stored } },
    );
    rerender({ current: { ...stored, reward: 6, tags: ['theirs'] } });
    act(() => result.current.review());
    expect(form.values).toEqual({ title: 'Follow', reward: 6, tags: ['mine'] });
    unmount();
  });
});

describe('the inbox', () => {
  it('reads the items and the unread count, and marks one read at once', async () => {
    const item = (id: number, read: boolean) => ({
      id,
      kind: 'withdrawal.second_approval',
      text: `Withdrawal #${id} (25 TON) awaits a second approval`,
      link: '/transactions/withdrawals',
      at: '2026-12-01T00:00:00.000Z',
      read,
    });
    let answer = { items: [item(2, false), item(1, false)], unread: 2 };
    mock.onGet('/manager/inbox').reply(() => [200, ok(answer)]);
    mock.onPost('/manager/inbox/2/read').reply(() => {
      answer = { items: [item(2, true), item(1, false)], unread: 1 };
      return [200, ok(null)];
    });
    const { result, unmount } = renderHook(() => ({ inbox: useInbox(), mark: useMarkRead() }), {
      wrapper: wrapperWith(),
    });
    await waitFor(() => expect(result.current.inbox.unread).toBe(2));
    act(() => result.current.mark.mutate(2));
    await waitFor(() => expect(result.current.inbox.unread).toBe(1));
    expect(result.current.inbox.items[0]!.read).toBe(true);
    expect(mock.history.get![0]!.headers).toHaveProperty('X-Background', '1');
    unmount();
  });
});
