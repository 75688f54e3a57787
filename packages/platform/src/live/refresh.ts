import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  INBOX_EVENT_ACTIONS,
  PRESENCE_EVENT_ACTION,
  type ConsoleEvent,
  type EventEntity,
} from '@manager/contract';
import { holds } from '../auth/access.ts';
import { useAuthStore } from '../auth/store.ts';
import { queryKeys } from '../query.ts';

/** What `resource()` builds: its lists are refreshed by an event, its details are not. */
interface Resource {
  list: (params?: Record<string, unknown>) => readonly unknown[];
}

const listeners = new Map<EventEntity, Set<Resource>>();

/**
 * Declares which events refresh a remote's lists (docs/decisions/0027): each remote names, beside
 * its query keys, the kinds of record its resources show. An event of one refetches the lists of
 * those resources an open page shows; the others are marked stale for their next visit.
 *
 * Details are left alone: a detail page may hold a form over its record, and nothing an admin is
 * typing is replaced by someone else's change.
 */
export function refreshOn(entity: EventEntity, ...resources: Resource[]): void {
  const set = listeners.get(entity) ?? new Set();
  for (const resource of resources) set.add(resource);
  listeners.set(entity, set);
}

/** Whether the change may fill or clear this admin's inbox: they hold what its items go to. */
function touchesMyInbox(action: ConsoleEvent['action']): boolean {
  if (!Object.hasOwn(INBOX_EVENT_ACTIONS, action)) return false;
  const receives = INBOX_EVENT_ACTIONS[action] ?? null;
  return receives === null || holds(useAuthStore.getState().permissions, receives);
}

/** A resource's lists, every page and filter of them: `[...all, 'list']`. */
const listsOf = (resource: Resource): QueryKey => resource.list().slice(0, -1);

/**
 * The query keys one event makes stale: the lists of the resources registered for its kind of
 * record, the top bar's counters and the dashboard (any change may move their figures), and the
 * audit trail's pages for a change an admin made (it wrote a row there).
 */
export function keysOf(event: Pick<ConsoleEvent, 'entity' | 'actor' | 'action'>): QueryKey[] {
  // Someone arrived on a record or left it: only who is shown there changes.
  if (event.action === PRESENCE_EVENT_ACTION) return [queryKeys.presence(event.entity)];
  const keys: QueryKey[] = [queryKeys.metrics(), queryKeys.dashboard()];
  if (touchesMyInbox(event.action)) keys.push(queryKeys.inbox());
  if (event.entity !== 'metrics') keys.push(queryKeys.audit.list().slice(0, -1));
  for (const resource of listeners.get(event.entity) ?? []) keys.push(listsOf(resource));
  return keys;
}

/** Events that arrive this close together refresh what they touch once (a batch of decisions). */
export const BATCH_MS = 300;

/** Makes the keys stale: active queries refetch (one already running is let finish), the rest wait for their next use. */
function invalidate(client: QueryClient, keys: Iterable<QueryKey>): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

type RecordListener = (event: ConsoleEvent) => void;
const recordListeners = new Set<RecordListener>();

/**
 * Calls `listener` with every event the stream delivers, at once (not batched): what a form
 * over a record needs to say "This record changed" (`useRecordChanges`). Returns the unsubscribe.
 */
export function onEvent(listener: RecordListener): () => void {
  recordListeners.add(listener);
  return () => void recordListeners.delete(listener);
}

const tell = (event: ConsoleEvent) => {
  for (const listener of recordListeners) listener(event);
};

/** Applies one event to the page's cache at once. */
export function applyEvent(client: QueryClient, event: ConsoleEvent): void {
  tell(event);
  invalidate(client, keysOf(event));
}

/**
 * Applies events in batches: the keys of every event within BATCH_MS are refreshed once, so fifty
 * decisions in a second cost each console one refetch of what it shows, not fifty.
 */
export function batchEvents(client: QueryClient, signal: AbortSignal): (event: ConsoleEvent) => void {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return (event) => {
    tell(event);
    for (const key of keysOf(event)) pending.set(JSON.stringify(key), key);
    timer ??= setTimeout(() => {
      timer = undefined;
      const keys = [...pending.values()];
      pending.clear();
      invalidate(client, keys);
    }, BATCH_MS);
  };
}

/**
 * After the stream was down: what it missed may not all be replayed (events are numbered when
 * written, not when committed, docs/decisions/0027), so every list an event could refresh is
 * refreshed once.
 */
export function applyReconnect(client: QueryClient): void {
  const keys: QueryKey[] = [queryKeys.metrics(), queryKeys.dashboard(), queryKeys.audit.list().slice(0, -1)];
  for (const resources of listeners.values()) for (const resource of resources) keys.push(listsOf(resource));
  invalidate(client, keys);
}
