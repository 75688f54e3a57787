import { http } from '@manager/platform';
import { renderAfterPrefetch } from '@manager/platform/testing';
import { afterEach, expect, it, vi } from 'vitest';
import routes from './routes';

afterEach(() => vi.restoreAllMocks());

it('/settings: the prefetch fills the very query the page reads (the shell warms the page with it)', async () => {
  const get = vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: { technicalMode: true, playToStars: 1, playToRedChip: 2, bannerOneImageUrl: null, bannerOneUrl: 'close', bannerOneStatus: false, bannerTwoImageUrl: null, bannerTwoUrl: 'close', bannerTwoStatus: false } });
  await renderAfterPrefetch(routes.find((r) => r.path === '/settings')!);
  expect(get).toHaveBeenCalledTimes(1);
  expect(get.mock.calls[0]![0]).toBe('/settings');
}, 20_000);
