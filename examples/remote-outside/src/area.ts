import type { AreaInfo } from '@manager/contract';

/**
 * The area this remote adds to the console: its menu group, its pages and the permission that
 * opens them. The build writes it to build.json, and a release carries it into remotes.json, so
 * the console draws the menu entry and the route before loading any of this remote's code.
 */
export const area = {
  label: 'Outside',
  permission: 'dashboard.read',
  pages: [{ path: '/outside/balances', title: 'Balances at a glance' }],
} satisfies AreaInfo;
