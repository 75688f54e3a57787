import { paths } from '@manager/contract';
import { lazyPage, type RemoteRoute } from '@manager/platform';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.usersList,
    title: 'Users',
    ...lazyPage(() => import('./features/users/components/users-page')),
  },
  {
    path: paths.usersStats,
    title: 'User Statistics',
    ...lazyPage(() => import('./features/user-stats/components/user-stats-page')),
  },
  {
    path: paths.userDetail(':telegramId'),
    title: 'User detail',
    ...lazyPage(() => import('./features/user-detail/components/user-detail-page')),
  },
  {
    path: paths.gameList,
    title: 'Game History',
    ...lazyPage(() => import('./features/game-history/components/game-history-page')),
  },
  {
    path: paths.gameSettings,
    title: 'Game Settings',
    ...lazyPage(() => import('./features/game-settings/components/game-settings-page')),
  },
];

export default routes;
