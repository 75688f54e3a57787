import { QueryClient } from '@tanstack/react-query';

/**
 * The page's one QueryClient (shared through Module Federation), so an edit in one remote
 * can invalidate what the shell or another remote shows.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // 401s are already retried by the refresh queue; lists fail silently (docs/screens.md#common-behaviour).
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

type Params = Record<string, unknown> | undefined;
const ROOT = 'manager';

/**
 * all / list(params) / detail(id) keys of one resource, all under its own prefix. The one
 * way to build a query key: each remote declares the keys of what it owns with it
 * (`src/query-keys.ts`), so a new key needs no new shell. Two builds that name the same
 * prefix build the same keys, and `x.all()` refreshes every list and detail of it.
 */
export function resource<const P extends readonly string[]>(...prefix: P) {
  const all = () => [ROOT, ...prefix] as const;
  return {
    all,
    list: (params?: Params) => [...all(), 'list', params ?? {}] as const,
    detail: (id: string | number) => [...all(), 'detail', String(id)] as const,
  };
}

/**
 * The roots every area shares: everything, the top bar's metrics, the dashboard (a change in
 * any area moves its figures) and the audit trail (every change writes to it; the audit log
 * and a player's History read it from two remotes).
 */
export const queryKeys = {
  all: () => [ROOT] as const,
  metrics: () => [ROOT, 'metrics'] as const,
  dashboard: () => [ROOT, 'dashboard'] as const,
  /** Who is on the records of a kind (`presence(entity)`), or on one of them (`presence(entity, id)`). */
  presence: (entity: string, entityId?: string | number) =>
    entityId === undefined
      ? ([ROOT, 'presence', entity] as const)
      : ([ROOT, 'presence', entity, String(entityId)] as const),
  /** The signed-in admin's inbox (the top bar's bell). */
  inbox: () => [ROOT, 'inbox'] as const,
  /** The audit trail: the log's pages (`list`), a player's History (its pages), the admins who acted. */
  audit: {
    ...resource('audit'),
    history: (telegramId: string | number) => [ROOT, 'audit', 'history', String(telegramId)] as const,
    admins: () => [ROOT, 'audit', 'admins'] as const,
  },
  // Kept, unchanged, for remote releases built against 0.6 and earlier (a 0.x package breaks
  // only across its first number). New code declares its keys in its own remote.
  /** @deprecated declare the key in the remote that owns it: `resource('users')`. */
  users: resource('users'),
  /** @deprecated */ games: resource('games'),
  /** @deprecated */ leaderboard: (params?: Params) => [ROOT, 'leaderboard', params ?? {}] as const,
  /** @deprecated */ tasks: resource('tasks'),
  /** @deprecated */ marketplace: {
    all: () => [ROOT, 'marketplace'] as const,
    items: resource('marketplace', 'items'),
    orders: resource('marketplace', 'orders'),
  },
  /** @deprecated */ shop: {
    all: () => [ROOT, 'shop'] as const,
    items: resource('shop', 'items'),
    orders: resource('shop', 'orders'),
  },
  /** @deprecated */ lootBoxes: resource('loot-boxes'),
  /** @deprecated */ gifts: {
    all: () => [ROOT, 'gifts'] as const,
    inventory: (params?: Params) => [ROOT, 'gifts', 'inventory', params ?? {}] as const,
    stars: () => [ROOT, 'gifts', 'stars'] as const,
  },
  /** @deprecated */ withdrawals: resource('withdrawals'),
  /** @deprecated */ payments: resource('payments'),
  /** @deprecated */ inventory: resource('inventory'),
  /** @deprecated */ mailings: resource('mailings'),
  /** @deprecated */ tournaments: resource('tournaments'),
  /** @deprecated */ giveaways: resource('giveaways'),
  /** @deprecated */ settings: () => [ROOT, 'settings'] as const,
  /** @deprecated */ sessions: () => [ROOT, 'sessions'] as const,
  /** @deprecated */ twoFactor: {
    all: () => [ROOT, 'two-factor'] as const,
    setup: () => [ROOT, 'two-factor', 'setup'] as const,
    passkeys: () => [ROOT, 'two-factor', 'passkeys'] as const,
  },
} as const;
