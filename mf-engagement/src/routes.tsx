import { paths } from '@manager/contract';
import { lazyPage, type RemoteRoute } from '@manager/platform';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.tasksList,
    title: 'Tasks',
    ...lazyPage(() => import('./features/tasks/components/tasks-page')),
  },
  {
    path: paths.tasksStatic,
    title: 'Static Tasks',
    ...lazyPage(() => import('./features/static-tasks/components/static-tasks-page')),
  },
  {
    path: paths.mailing,
    title: 'Mailing',
    ...lazyPage(() => import('./features/mailing/components/mailing-page')),
  },
  {
    path: paths.tournaments,
    title: 'Tournaments',
    ...lazyPage(() => import('./features/tournaments/components/tournaments-page')),
  },
  {
    path: paths.giveawaysList,
    title: 'Giveaways',
    ...lazyPage(() => import('./features/giveaways/components/giveaways-page')),
  },
];

export default routes;
