import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, calls, INBOX_POLL_MS, type InboxResponse } from '@manager/contract';
import { useAuthStore } from '../../auth/store.ts';
import { http } from '../../http/client.ts';
import { fetchData } from '../../http/fetch-data.ts';
import { queryKeys } from '../../query.ts';

/**
 * The inbox's hooks, for the top bar's bell: a chunk of their own, loaded with the bell after the
 * first screen (`loadInbox` of `@manager/platform`).
 */

const EMPTY: InboxResponse = { items: [], unread: 0 };

/**
 * The signed-in admin's inbox: refreshed when the stream sends a change that fills or clears one
 * (INBOX_EVENT_ACTIONS), and every INBOX_POLL_MS besides. A background read: an open tab does not
 * keep the session alive. A failure shows it empty.
 */
export function useInbox(): InboxResponse {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const { data } = useQuery({
    queryKey: queryKeys.inbox(),
    queryFn: () => fetchData(calls.inbox, { fallback: EMPTY, background: true }),
    enabled: signedIn,
    refetchInterval: signedIn ? INBOX_POLL_MS : false,
  });
  return signedIn ? (data ?? EMPTY) : EMPTY;
}

/** Marks one item read (`id`), or all of them (no id); the bell reads the inbox again after. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      id === undefined
        ? http.post(calls.readAllInbox.path)
        : http.post(buildPath(calls.readInboxItem.path, { id })),
    // Shown read at once; the answer, or its failure, is settled by the read after it.
    onMutate: (id) =>
      client.setQueryData<InboxResponse>(queryKeys.inbox(), (old) => {
        if (!old) return old;
        const items = old.items.map((i) => (id === undefined || i.id === id ? { ...i, read: true } : i));
        const cleared = old.items.filter((i) => !i.read && (id === undefined || i.id === id)).length;
        return { items, unread: id === undefined ? 0 : Math.max(0, old.unread - cleared) };
      }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.inbox() }),
  });
}
