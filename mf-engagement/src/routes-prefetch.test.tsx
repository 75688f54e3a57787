import { http } from '@manager/platform';
import { renderAfterPrefetch } from '@manager/platform/testing';
import { afterEach, expect, it, vi } from 'vitest';
import routes from './routes';

afterEach(() => vi.restoreAllMocks());

it('/tasks/list: the prefetch fills the very query the page reads (the shell warms the page with it)', async () => {
  const get = vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: [] });
  await renderAfterPrefetch(routes.find((r) => r.path === '/tasks/list')!);
  expect(get).toHaveBeenCalledTimes(1);
  expect(get.mock.calls[0]![0]).toBe('/tasks');
}, 20_000);
