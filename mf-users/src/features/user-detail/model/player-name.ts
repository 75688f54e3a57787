import type { UserSummary } from '@manager/contract';

/** How the detail page names a player: first and last name, else the username, else the Telegram id. */
export const playerName = (user: Pick<UserSummary, 'firstName' | 'lastName' | 'username' | 'telegramId'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || String(user.telegramId);
