import { requestsAfterPrefetch } from '@manager/platform/testing';
import { expect, it } from 'vitest';
import routes from './routes';

it('/settings: the prefetch fills the very query the page reads (the shell warms the page with it)', async () => {
  const page = routes.find((r) => r.path === '/settings')!;
  expect(await requestsAfterPrefetch(page, { code: 200, data: { technicalMode: true, playToStars: 1, playToRedChip: 2, bannerOneImageUrl: null, bannerOneUrl: 'close', bannerOneStatus: false, bannerTwoImageUrl: null, bannerTwoUrl: 'close', bannerTwoStatus: false } })).toEqual(['/settings']);
}, 20_000);
