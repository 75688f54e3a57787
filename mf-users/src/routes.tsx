import { paths } from '@manager/contract';
import { lazyPage, type RemoteRoute } from '@manager/platform';
import { usersQuery } from './features/users/api/get-users';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.usersList,
    title: 'Users',
    ...lazyPage(() => import('./features/users/components/users-page')),
    // What the list shows at /users/list (page 1, no search): see RemoteRoute.prefetch.
    prefetch: (client) => client.prefetchQuery(usersQuery({ page: 1, search: '' })),
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
