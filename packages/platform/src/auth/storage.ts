import type { Admin } from '@manager/contract';

/** localStorage keys, kept as the original console named them so old sessions survive. */
const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  adminData: 'adminData',
  /** Written by an older console version; only ever removed. */
  legacyToken: 'token',
} as const;

/**
 * Where an admin's recent players are kept (`recent-players.ts`), one key per admin. They go
 * at every sign-out with the session: the next person at this browser must not see whom the
 * last one looked at.
 */
export const RECENT_PLAYERS_KEY_PREFIX = 'manager.recentPlayers.';

// Storage can throw (privacy modes, quota); a failed read is treated as "nothing stored".
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const getAccessToken = (): string | null => read(STORAGE_KEYS.accessToken);
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.refreshToken);
export const hasStoredAdmin = (): boolean => read(STORAGE_KEYS.adminData) !== null;

/** The username of the admin whose session is stored, or null when none (or it is unreadable). */
export function storedUsername(): string | null {
  try {
    const name: unknown = JSON.parse(read(STORAGE_KEYS.adminData) ?? 'null')?.username;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export function saveAdmin(admin: Admin): void {
  localStorage.setItem(STORAGE_KEYS.adminData, JSON.stringify(admin));
}

/** Stores whatever part of a session the server sent (a refresh may omit the refresh token). */
export function saveSession(session: { accessToken: string; refreshToken?: string; admin?: Admin }): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  if (session.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  if (session.admin) saveAdmin(session.admin);
}

export function clearSession(): void {
  try {
    const recent = Object.keys(localStorage).filter((key) => key.startsWith(RECENT_PLAYERS_KEY_PREFIX));
    for (const key of [...Object.values(STORAGE_KEYS), ...recent]) localStorage.removeItem(key);
  } catch {
    // nothing more we can do; the in-memory state is still reset by the caller
  }
}
