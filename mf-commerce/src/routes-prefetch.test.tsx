import { requestsAfterPrefetch } from '@manager/platform/testing';
import { expect, it } from 'vitest';
import routes from './routes';

it('/marketplace/list: the prefetch fills the very query the page reads (the shell warms the page with it)', async () => {
  const page = routes.find((r) => r.path === '/marketplace/list')!;
  expect(await requestsAfterPrefetch(page, { code: 200, data: { items: [], pagination: { totalPages: 0, totalItems: 0 } } })).toEqual(['/marketplace']);
}, 20_000);
