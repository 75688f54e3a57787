import { renderRoutesAt } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from './routes';

describe('mf-users routes', () => {
  it('exposes the documented paths with absolute paths and titles', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/users/list',
      '/users/stats',
      '/users/detail/:telegramId',
      '/game/list',
      '/game/settings',
    ]);
  });

  it('renders the Game Settings page heading', async () => {
    renderRoutesAt(routes, '/game/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Settings' })).toBeTruthy();
  }, 20_000);

  it('offers Back to Users when the user detail cannot load', async () => {
    // No runtime config in unit tests, so the call fails before any request.
    renderRoutesAt(routes, '/users/detail/777');
    expect(await screen.findByRole('heading', { level: 1, name: 'User detail' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Back to Users/ })).toBeTruthy();
    // Waited for too: on a loaded machine the button was once drawn a render before the alert.
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Network error occurred|Failed to fetch user details/,
    );
  }, 20_000);
});
