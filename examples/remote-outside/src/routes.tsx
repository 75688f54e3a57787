import { lazyPage, type RemoteRoute } from '@manager/platform';
import { area } from './area';

/** What this remote exposes as `./routes`: the pages its area lists, loaded when first opened. */
const routes: RemoteRoute[] = [
  {
    ...area.pages[0]!,
    ...lazyPage(() => import('./balances-page')),
  },
];

export default routes;
