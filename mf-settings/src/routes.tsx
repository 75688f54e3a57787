import { paths } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { lazy } from 'react';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.settings,
    title: 'Settings',
    Component: lazy(() => import('./features/settings/components/settings-page')),
  },
];

export default routes;
