import { resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  users: resource('users'),
  games: resource('games'),
  leaderboard: resource('leaderboard'),
} as const;
