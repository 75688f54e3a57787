import { renderRoutesAt } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from './routes';

/** Each page of this remote: its path and the heading it shows (docs/screens.md). */
const PAGES: [path: string, heading: string][] = [
  ['/marketplace/list', 'Marketplace'],
  ['/marketplace/orders', 'Marketplace Orders'],
  ['/marketplace/settings', 'Marketplace Settings'],
  ['/shop/list', 'Shop'],
  ['/shop/orders', 'Shop Orders'],
  ['/shop/settings', 'Shop Settings'],
  ['/shop/loot-boxes', 'Loot Boxes'],
];

describe('mf-commerce routes', () => {
  it('exposes the documented absolute paths, in menu order', () => {
    expect(routes.map((r) => r.path)).toEqual(PAGES.map(([path]) => path));
  });

  it.each(PAGES)('renders %s with the heading %s', async (path, heading) => {
    renderRoutesAt(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
