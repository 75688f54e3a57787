import { requestsAfterPrefetch } from '@manager/platform/testing';
import { expect, it } from 'vitest';
import routes from './routes';

it('/tasks/list: the prefetch fills the very query the page reads (the shell warms the page with it)', async () => {
  const page = routes.find((r) => r.path === '/tasks/list')!;
  expect(await requestsAfterPrefetch(page, { code: 200, data: [] })).toEqual(['/tasks']);
}, 20_000);
