import { paths } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { lazy } from 'react';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.usersList,
    title: 'Users',
    Component: lazy(() => import('./features/users/components/users-page')),
  },
  {
    path: paths.usersStats,
    title: 'User Statistics',
    Component: lazy(() => import('./features/user-stats/components/user-stats-page')),
  },
  {
    path: paths.userDetail(':telegramId'),
    title: 'User detail',
    Component: lazy(() => import('./features/user-detail/components/user-detail-page')),
  },
  {
    path: paths.gameList,
    title: 'Game History',
    Component: lazy(() => import('./features/game-history/components/game-history-page')),
  },
  {
    path: paths.gameSettings,
    title: 'Game Settings',
    Component: lazy(() => import('./features/game-settings/components/game-settings-page')),
  },
];

export default routes;
