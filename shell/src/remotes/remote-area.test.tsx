import type { RemoteName } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from '@manager/platform';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteBuild } from './versions';
import { bareBuild } from '../test/builds';

vi.mock('./remote-registry', () => ({
  loadRemoteRoutes: vi.fn(),
  loadedRemoteRoutes: vi.fn(),
  loadedRemoteBuild: vi.fn(),
  currentTarget: vi.fn(),
}));

const routes: RemoteRoute[] = [
  { path: '/game/settings', title: 'Game Settings', Component: () => <h1>Game Settings</h1> },
  { path: '/users/detail/:telegramId', title: 'User detail', Component: () => <h1>detail</h1> },
];
const build = (entry: string): RemoteBuild => bareBuild(entry);

/** A shell part outside the area, with state of its own: it must survive the area's remount. */
function Outside() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`outside ${count}`}</button>;
}

// The area keeps page state (one lazy component per remote and generation): fresh modules per test.
let RemoteArea: typeof import('./remote-area').RemoteArea;
let retryRemote: typeof import('./area-generation').retryRemote;
let swapRemote: typeof import('./area-generation').swapRemote;
let hasUnsavedInput: typeof import('./unsaved-input').hasUnsavedInput;
let loadRemoteRoutes: typeof import('./remote-registry').loadRemoteRoutes;
let loadedRemoteRoutes: typeof import('./remote-registry').loadedRemoteRoutes;
let loadedRemoteBuild: typeof import('./remote-registry').loadedRemoteBuild;
let currentTarget: typeof import('./remote-registry').currentTarget;
let SkewError: typeof import('./skew').SkewError;

beforeEach(async () => {
  vi.resetModules();
  ({ RemoteArea } = await import('./remote-area'));
  ({ retryRemote, swapRemote } = await import('./area-generation'));
  ({ hasUnsavedInput } = await import('./unsaved-input'));
  ({ SkewError } = await import('./skew'));
  ({ loadRemoteRoutes, loadedRemoteRoutes, loadedRemoteBuild, currentTarget } =
    await import('./remote-registry'));
});

function renderArea(name: RemoteName, prefix: string, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Outside />
      <Routes>
        <Route path={`${prefix}/*`} element={<RemoteArea name={name} prefix={prefix} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RemoteArea', () => {
  it('says which remote failed, and Retry loads it again once it is back', async () => {
    const load = vi.mocked(loadRemoteRoutes);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'));
    renderArea('users', '/game', '/game/settings');
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
    vi.mocked(loadRemoteRoutes).mockResolvedValue(routes);
    renderArea('users', '/game', '/game/nope');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByText('There is no page at /game/nope.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('a release this console cannot satisfy: the sentence in its area, the rest works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sentence = 'Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)';
    vi.mocked(loadRemoteRoutes).mockRejectedValueOnce(new SkewError(sentence));
    renderArea('settings', '/settings', '/settings');
    expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.queryByText('Settings is unavailable')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'outside 0' }));
    expect(screen.getByRole('button', { name: 'outside 1' })).toBeTruthy();
  });

  it('an update swaps the area in place: the new routes mount, the rest of the page keeps its state', async () => {
    const settingsRoutes = (marker: string): RemoteRoute[] => [
      { path: '/settings', title: 'Settings', Component: () => <h1>{marker}</h1> },
    ];
    vi.mocked(loadRemoteRoutes).mockResolvedValueOnce(settingsRoutes('old page'));
    vi.mocked(loadedRemoteBuild).mockReturnValue(build('http://x/old/mf-manifest.json'));
    renderArea('settings', '/settings', '/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'outside 0' }));
    expect(await screen.findByRole('heading', { name: 'old page' })).toBeTruthy();

    const next = settingsRoutes('new page');
    vi.mocked(loadRemoteRoutes).mockResolvedValueOnce(next);
    vi.mocked(loadedRemoteRoutes).mockReturnValue(next);
    vi.mocked(loadedRemoteBuild).mockReturnValue(build('http://x/new/mf-manifest.json'));
    expect(document.activeElement).not.toBe(screen.getByRole('region', { name: 'Settings' }));
    await act(() => swapRemote('settings'));
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith('settings', true);
    expect(await screen.findByRole('heading', { name: 'new page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'outside 1' })).toBeTruthy();
    // The swapped area takes the focus (the Update button that had it is gone).
    const area = screen.getByRole('region', { name: 'Settings' });
    expect(area.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(area);
  });

  it('Retry and an update share one generation: after an update, Retry still remounts the area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadRemoteRoutes).mockRejectedValueOnce(new Error('down'));
    renderArea('transactions', '/transactions', '/transactions/packages');
    expect(await screen.findByText('Transactions is unavailable')).toBeTruthy();
    vi.mocked(loadRemoteRoutes).mockResolvedValue([
      { path: '/transactions/packages', title: 'Packages', Component: () => <h1>Packages</h1> },
    ]);
    await act(() => swapRemote('transactions'));
    // The update loaded the routes itself; the area mounts them (no second load of its own).
    const calls = vi.mocked(loadRemoteRoutes).mock.calls.length;
    vi.mocked(loadedRemoteRoutes).mockReturnValue([
      { path: '/transactions/packages', title: 'Packages', Component: () => <h1>Packages v2</h1> },
    ]);
    vi.mocked(loadedRemoteBuild).mockReturnValue(build('http://x/t/mf-manifest.json'));
    act(() => retryRemote('transactions'));
    expect(await screen.findByRole('heading', { name: 'Packages' })).toBeTruthy();
    expect(vi.mocked(loadRemoteRoutes).mock.calls.length).toBe(calls + 1);
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith('transactions', true);
  });

  it('when the admin should now run another build (another admin signed in), the next mount loads it', async () => {
    const page = (marker: string): RemoteRoute[] => [
      { path: '/tasks/static', title: 'Static Tasks', Component: () => <h1>{marker}</h1> },
    ];
    vi.mocked(loadRemoteRoutes).mockResolvedValueOnce(page('live build'));
    vi.mocked(loadedRemoteBuild).mockReturnValue(build('http://x/live/mf-manifest.json'));
    vi.mocked(currentTarget).mockReturnValue(build('http://x/live/mf-manifest.json'));
    const first = renderArea('engagement', '/tasks', '/tasks/static');
    expect(await screen.findByRole('heading', { name: 'live build' })).toBeTruthy();
    first.unmount();

    vi.mocked(currentTarget).mockReturnValue(build('http://x/canary/mf-manifest.json'));
    vi.mocked(loadRemoteRoutes).mockResolvedValueOnce(page('canary build'));
    renderArea('engagement', '/tasks', '/tasks/static');
    expect(await screen.findByRole('heading', { name: 'canary build' })).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith('engagement', false);
  });

  it('tracks unsaved input in the area (not search boxes), cleared by a route change', async () => {
    const Form = () => (
      <>
        <h1>Shop Settings</h1>
        <label>
          Name <input />
        </label>
        <input type="search" aria-label="Search" />
        <div role="searchbox" aria-label="Find" contentEditable suppressContentEditableWarning />
        <div data-unsaved-ignore>
          <input aria-label="Filter" />
        </div>
        <Link to="/shop/other">Other</Link>
      </>
    );
    vi.mocked(loadRemoteRoutes).mockResolvedValue([
      { path: '/shop/settings', title: 'Shop Settings', Component: Form },
      { path: '/shop/other', title: 'Other', Component: () => <h1>Other</h1> },
    ]);
    renderArea('commerce', '/shop', '/shop/settings');
    await screen.findByRole('heading', { name: 'Shop Settings' });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'a' } });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Find' }));
    fireEvent.input(screen.getByLabelText('Filter'), { target: { value: 'a' } });
    expect(hasUnsavedInput('commerce')).toBe(false);
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'x' } });
    expect(hasUnsavedInput('commerce')).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByRole('heading', { name: 'Other' });
    // Cleared by the area's effect on the new address, which runs after the page is drawn.
    await waitFor(() => expect(hasUnsavedInput('commerce')).toBe(false));
  });

  it('counts change events and clicks on silent controls, also in portals; a swap clears it', async () => {
    // A dropdown as antd renders it: in a portal on document.body, outside the area's DOM.
    const Form = () => (
      <>
        <h1>Settings form</h1>
        <select aria-label="Mode" defaultValue="a" onChange={() => undefined}>
          <option value="a">a</option>
          <option value="b">b</option>
        </select>
        <button role="switch" aria-checked="false" aria-label="Enabled" />
        {createPortal(
          <div role="option" aria-selected="false">
            Weekly
          </div>,
          document.body,
        )}
      </>
    );
    const page = [{ path: '/settings', title: 'Settings', Component: Form }];
    vi.mocked(loadRemoteRoutes).mockResolvedValue(page);
    renderArea('settings', '/settings', '/settings');
    await screen.findByRole('heading', { name: 'Settings form' });
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'b' } });
    expect(hasUnsavedInput('settings')).toBe(true);

    await act(() => swapRemote('settings'));
    expect(hasUnsavedInput('settings')).toBe(false);

    await userEvent.click(await screen.findByRole('switch', { name: 'Enabled' }));
    expect(hasUnsavedInput('settings')).toBe(true);
    await act(() => swapRemote('settings'));
    expect(hasUnsavedInput('settings')).toBe(false);
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    expect(hasUnsavedInput('settings')).toBe(true);
  });
});
