import { paths } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { lazy } from 'react';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.tasksList,
    title: 'Tasks',
    Component: lazy(() => import('./features/tasks/components/tasks-page')),
  },
  {
    path: paths.tasksStatic,
    title: 'Static Tasks',
    Component: lazy(() => import('./features/static-tasks/components/static-tasks-page')),
  },
  {
    path: paths.mailing,
    title: 'Mailing',
    Component: lazy(() => import('./features/mailing/components/mailing-page')),
  },
  {
    path: paths.tournaments,
    title: 'Tournaments',
    Component: lazy(() => import('./features/tournaments/components/tournaments-page')),
  },
  {
    path: paths.giveawaysList,
    title: 'Giveaways',
    Component: lazy(() => import('./features/giveaways/components/giveaways-page')),
  },
];

export default routes;
