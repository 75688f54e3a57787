import { refreshOn, resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  tasks: resource('tasks'),
  mailings: resource('mailings'),
  tournaments: resource('tournaments'),
  giveaways: resource('giveaways'),
} as const;

// The events that refresh this remote's lists in every open console (docs/decisions/0027).
refreshOn('task', keys.tasks);
refreshOn('mailing', keys.mailings);
refreshOn('tournament', keys.tournaments);
refreshOn('giveaway', keys.giveaways);
