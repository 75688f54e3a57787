import { refreshOn, resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  users: resource('users'),
  games: resource('games'),
  leaderboard: resource('leaderboard'),
} as const;

// The events that refresh this remote's lists in every open console (docs/decisions/0027).
refreshOn('user', keys.users);
