import { lazyPage, type RemoteRoute } from '@manager/platform';

/** What this remote exposes as `./routes`: one page, loaded when first opened. */
const routes: RemoteRoute[] = [
  {
    path: '/outside/balances',
    title: 'Balances at a glance',
    ...lazyPage(() => import('./balances-page')),
  },
];

export default routes;
