import { paths } from '@manager/contract';
import { lazyPage, type RemoteRoute } from '@manager/platform';

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.marketplaceList,
    title: 'Marketplace',
    ...lazyPage(() => import('./features/marketplace-items/components/marketplace-items-page')),
  },
  {
    path: paths.marketplaceOrders,
    title: 'Marketplace Orders',
    ...lazyPage(() => import('./features/marketplace-orders/components/marketplace-orders-page')),
  },
  {
    path: paths.marketplaceSettings,
    title: 'Marketplace Settings',
    ...lazyPage(() => import('./features/marketplace-settings/components/marketplace-settings-page')),
  },
  {
    path: paths.shopList,
    title: 'Shop',
    ...lazyPage(() => import('./features/shop-items/components/shop-items-page')),
  },
  {
    path: paths.shopOrders,
    title: 'Shop Orders',
    ...lazyPage(() => import('./features/shop-orders/components/shop-orders-page')),
  },
  {
    path: paths.shopSettings,
    title: 'Shop Settings',
    ...lazyPage(() => import('./features/shop-settings/components/shop-settings-page')),
  },
  {
    path: paths.shopLootBoxes,
    title: 'Loot Boxes',
    ...lazyPage(() => import('./features/loot-boxes/components/loot-boxes-page')),
  },
];

export default routes;
