import { paths } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { lazy } from 'react';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.marketplaceList,
    title: 'Marketplace',
    Component: lazy(() => import('./features/marketplace-items/components/marketplace-items-page')),
  },
  {
    path: paths.marketplaceOrders,
    title: 'Marketplace Orders',
    Component: lazy(() => import('./features/marketplace-orders/components/marketplace-orders-page')),
  },
  {
    path: paths.marketplaceSettings,
    title: 'Marketplace Settings',
    Component: lazy(() => import('./features/marketplace-settings/components/marketplace-settings-page')),
  },
  {
    path: paths.shopList,
    title: 'Shop',
    Component: lazy(() => import('./features/shop-items/components/shop-items-page')),
  },
  {
    path: paths.shopOrders,
    title: 'Shop Orders',
    Component: lazy(() => import('./features/shop-orders/components/shop-orders-page')),
  },
  {
    path: paths.shopSettings,
    title: 'Shop Settings',
    Component: lazy(() => import('./features/shop-settings/components/shop-settings-page')),
  },
  {
    path: paths.shopLootBoxes,
    title: 'Loot Boxes',
    Component: lazy(() => import('./features/loot-boxes/components/loot-boxes-page')),
  },
];

export default routes;
