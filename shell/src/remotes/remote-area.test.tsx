import type { RemoteRoute } from '@manager/platform';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { describe, expect, it, vi } from 'vitest';
import { RemoteArea } from './remote-area';
import { loadRemoteRoutes } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteRoutes: vi.fn(), loadedRemoteRoutes: vi.fn() }));

const routes: RemoteRoute[] = [
  { path: '/game/settings', title: 'Game Settings', Component: () => <h1>Game Settings</h1> },
  { path: '/users/detail/:telegramId', title: 'User detail', Component: () => <h1>detail</h1> },
];

function renderArea(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/game/*" element={<RemoteArea name="users" prefix="/game" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RemoteArea', () => {
  it('says which remote failed, and Retry loads it again once it is back', async () => {
    const load = vi.mocked(loadRemoteRoutes);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'));
    renderArea('/game/settings');
    expect(await screen.findByText('Users and games is unavailable')).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith('users', false);

    load.mockResolvedValueOnce(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Game Settings' })).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith('users', true);
    // The title is set in an effect, which may run after the heading is in the DOM.
    await waitFor(() => expect(document.title).toBe('Game Settings | Manager'));
  });

  it('shows a not-found message for a path the remote does not have', async () => {
    renderArea('/game/nope');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
