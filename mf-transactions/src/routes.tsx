import { paths } from '@manager/contract';
import { lazyPage, type RemoteRoute } from '@manager/platform';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.withdrawals,
    title: 'Withdrawals',
    ...lazyPage(() => import('./features/withdrawals/components/withdrawals-page')),
  },
  {
    path: paths.deposits,
    title: 'Deposits',
    ...lazyPage(() => import('./features/deposits/components/deposits-page')),
  },
  {
    path: paths.inventory,
    title: 'Inventory',
    ...lazyPage(() => import('./features/inventory/components/inventory-page')),
  },
  {
    path: paths.packages,
    title: 'Packages',
    ...lazyPage(() => import('./features/packages/components/packages-page')),
  },
];

export default routes;
