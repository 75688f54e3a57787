import { renderRoutesAt } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from './routes';

describe('mf-transactions routes', { timeout: 30_000 }, () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/transactions/withdrawals', '/transactions/deposits', '/transactions/inventory', '/transactions/packages']);
  });

  it('renders Withdrawals at /transactions/withdrawals', async () => {
    renderRoutesAt(routes, '/transactions/withdrawals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawals' })).toBeTruthy();
  });

  it('renders Deposits at /transactions/deposits', async () => {
    renderRoutesAt(routes, '/transactions/deposits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeTruthy();
  });

  it('renders Inventory at /transactions/inventory', async () => {
    renderRoutesAt(routes, '/transactions/inventory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy();
  });

  it('renders Packages at /transactions/packages', async () => {
    renderRoutesAt(routes, '/transactions/packages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Packages' })).toBeTruthy();
  });
});
