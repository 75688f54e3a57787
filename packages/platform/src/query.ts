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

/** all / list(params) / detail(id) keys of one resource, all under its own prefix. */
function resource<const P extends readonly string[]>(...prefix: P) {
  const all = () => [ROOT, ...prefix] as const;
  return {
    all,
    list: (params?: Params) => [...all(), 'list', params ?? {}] as const,
    detail: (id: string | number) => [...all(), 'detail', String(id)] as const,
  };
}

/**
 * The one query-key builder of the console. Invalidate `x.all()` to refresh every list and
 * detail of a resource, `queryKeys.all()` for everything.
 */
export const queryKeys = {
  all: () => [ROOT] as const,
  metrics: () => [ROOT, 'metrics'] as const,
  dashboard: () => [ROOT, 'dashboard'] as const,
  users: resource('users'),
  games: resource('games'),
  leaderboard: (params?: Params) => [ROOT, 'leaderboard', params ?? {}] as const,
  tasks: resource('tasks'),
  marketplace: {
    all: () => [ROOT, 'marketplace'] as const,
    items: resource('marketplace', 'items'),
    orders: resource('marketplace', 'orders'),
  },
  shop: {
    all: () => [ROOT, 'shop'] as const,
    items: resource('shop', 'items'),
    orders: resource('shop', 'orders'),
  },
  lootBoxes: resource('loot-boxes'),
  gifts: {
    all: () => [ROOT, 'gifts'] as const,
    inventory: (params?: Params) => [ROOT, 'gifts', 'inventory', params ?? {}] as const,
    stars: () => [ROOT, 'gifts', 'stars'] as const,
  },
  withdrawals: resource('withdrawals'),
  payments: resource('payments'),
  inventory: resource('inventory'),
  mailings: resource('mailings'),
  tournaments: resource('tournaments'),
  giveaways: resource('giveaways'),
  settings: () => [ROOT, 'settings'] as const,
  /** The audit trail: the log's pages (`list`), a player's History (its pages), the admins who acted. */
  audit: {
    ...resource('audit'),
    history: (telegramId: string | number) => [ROOT, 'audit', 'history', String(telegramId)] as const,
    admins: () => [ROOT, 'audit', 'admins'] as const,
  },
  /** The signed-in admin's own sessions. */
  sessions: () => [ROOT, 'sessions'] as const,
  twoFactor: {
    all: () => [ROOT, 'two-factor'] as const,
    setup: () => [ROOT, 'two-factor', 'setup'] as const,
    /** The signed-in admin's passkeys. */
    passkeys: () => [ROOT, 'two-factor', 'passkeys'] as const,
  },
} as const;
