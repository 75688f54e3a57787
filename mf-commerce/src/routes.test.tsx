import { renderRoutesAt } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from './routes';

describe('mf-commerce routes', () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/marketplace/list', '/marketplace/orders', '/marketplace/settings', '/shop/list', '/shop/orders', '/shop/settings', '/shop/loot-boxes']);
  });

  it('renders Marketplace at /marketplace/list', async () => {
    renderRoutesAt(routes, '/marketplace/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace' })).toBeTruthy();
  });

  it('renders Marketplace Orders at /marketplace/orders', async () => {
    renderRoutesAt(routes, '/marketplace/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace Orders' })).toBeTruthy();
  });

  it('renders Marketplace Settings at /marketplace/settings', async () => {
    renderRoutesAt(routes, '/marketplace/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace Settings' })).toBeTruthy();
  });

  it('renders Shop at /shop/list', async () => {
    renderRoutesAt(routes, '/shop/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
  });

  it('renders Shop Orders at /shop/orders', async () => {
    renderRoutesAt(routes, '/shop/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop Orders' })).toBeTruthy();
  });

  it('renders Shop Settings at /shop/settings', async () => {
    renderRoutesAt(routes, '/shop/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop Settings' })).toBeTruthy();
  });

  it('renders Loot Boxes at /shop/loot-boxes', async () => {
    renderRoutesAt(routes, '/shop/loot-boxes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loot Boxes' })).toBeTruthy();
  });
});
