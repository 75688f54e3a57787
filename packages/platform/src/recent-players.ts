import { useAuthStore } from './auth/store.ts';
import { RECENT_PLAYERS_KEY_PREFIX } from './auth/storage.ts';

/**
 * The players an admin opened lately, newest first, kept in this browser (localStorage) per
 * admin and forgotten at sign-out: the player page records one when it shows it, the shell's
 * command palette offers them (docs/screens.md#layout). Only what the palette shows is kept (names and the Telegram ID),
 * never balances.
 */
export interface RecentPlayer {
  telegramId: number;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** A handful: a shortcut, not a history. */
export const RECENT_PLAYERS_MAX = 5;

const storageKey = (): string | null => {
  const admin = useAuthStore.getState().admin;
  return admin ? `${RECENT_PLAYERS_KEY_PREFIX}${admin.id}` : null;
};

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** What is stored, read defensively: another build or a person may have written anything there. */
function parse(raw: string | null): RecentPlayer[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
      .filter((p) => Number.isSafeInteger(p.telegramId) && (p.telegramId as number) > 0)
      .map((p) => ({
        telegramId: p.telegramId as number,
        username: text(p.username),
        firstName: text(p.firstName),
        lastName: text(p.lastName),
      }))
      .slice(0, RECENT_PLAYERS_MAX);
  } catch {
    return [];
  }
}

/** The signed-in admin's recent players, newest first (none when storage is refused). */
export function recentPlayers(): RecentPlayer[] {
  const key = storageKey();
  if (!key) return [];
  try {
    return parse(window.localStorage.getItem(key));
  } catch {
    return [];
  }
}

/** Puts a player first in the signed-in admin's list, once, keeping the newest few. */
export function rememberPlayer(player: RecentPlayer): void {
  const key = storageKey();
  if (!key) return;
  const entry: RecentPlayer = {
    telegramId: player.telegramId,
    username: player.username ?? null,
    firstName: player.firstName ?? null,
    lastName: player.lastName ?? null,
  };
  const rest = recentPlayers().filter((p) => p.telegramId !== player.telegramId);
  try {
    window.localStorage.setItem(key, JSON.stringify([entry, ...rest].slice(0, RECENT_PLAYERS_MAX)));
  } catch {
    // Storage refused (private mode, quota): the palette simply offers none.
  }
}
