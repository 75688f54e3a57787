import { paths } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { lazy } from 'react';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.withdrawals,
    title: 'Withdrawals',
    Component: lazy(() => import('./features/withdrawals/components/withdrawals-page')),
  },
  {
    path: paths.deposits,
    title: 'Deposits',
    Component: lazy(() => import('./features/deposits/components/deposits-page')),
  },
  {
    path: paths.inventory,
    title: 'Inventory',
    Component: lazy(() => import('./features/inventory/components/inventory-page')),
  },
  {
    path: paths.packages,
    title: 'Packages',
    Component: lazy(() => import('./features/packages/components/packages-page')),
  },
];

export default routes;
