/**
 * Method and path of every call of spec section 7, so clients and the server agree.
 * Paths are as the client writes them; the client prefixes `/manager` to those not under
 * `/auth` or `/manager`, and the server mounts them under `/manager` (see `apiPath`).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  readonly method: Method;
  /** Express/Fastify style: `:id` marks a path parameter. */
  readonly path: string;
  readonly multipart?: boolean;
  readonly auth?: false;
}
const call = <const C extends Call>(c: C) => c;

export const calls = {
  // authentication (no bearer needed for login, verify, refresh)
  login: call({ method: 'POST', path: '/auth/login', auth: false }),
  verify2fa: call({ method: 'POST', path: '/auth/2fa/verify', auth: false }),
  profile: call({ method: 'GET', path: '/auth/profile' }),
  refreshToken: call({ method: 'POST', path: '/auth/refresh-token', auth: false }),
  logout: call({ method: 'POST', path: '/auth/logout' }),
  twoFactorSetup: call({ method: 'GET', path: '/auth/2fa/setup' }),
  enable2fa: call({ method: 'POST', path: '/auth/2fa/enable' }),
  disable2fa: call({ method: 'POST', path: '/auth/2fa/disable' }),
  backupCodes: call({ method: 'POST', path: '/auth/2fa/backup-codes' }),
  // statistics, users, games
  metrics: call({ method: 'GET', path: '/metrics' }),
  dashboardStats: call({ method: 'GET', path: '/dashboard-stats' }),
  gameHistory: call({ method: 'GET', path: '/game/history' }),
  users: call({ method: 'GET', path: '/users' }),
  userDetail: call({ method: 'GET', path: '/users/:telegramId' }),
  updateBalances: call({ method: 'PUT', path: '/users/:telegramId/balances' }),
  leaderboard: call({ method: 'POST', path: '/leaderboard' }),
} as const;
export type CallName = keyof typeof calls;

/** Fills `:param` placeholders: `buildPath(calls.userDetail.path, { telegramId: 42 })`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The path on the server: `/auth/*` and `/manager/*` as is, the rest under `/manager`. */
export function apiPath(path: string): string {
  if (path.startsWith('/auth/') || path.startsWith('/manager/') || path === '/manager') return path;
  return `/manager${path}`;
}
