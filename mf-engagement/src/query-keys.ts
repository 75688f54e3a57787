import { resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  tasks: resource('tasks'),
  mailings: resource('mailings'),
  tournaments: resource('tournaments'),
  giveaways: resource('giveaways'),
} as const;
