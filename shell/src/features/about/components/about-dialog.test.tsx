import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setConsoleVersions } from '../../../remotes/versions';
import { remoteBuild } from '../../../test/builds';
import { AboutButton } from './about-button';

const reset = () => setConsoleVersions(() => ({ loaded: {}, live: {} }));
afterEach(reset);

const section = (name: string) =>
  within(screen.getByRole('dialog', { name: 'About' })).getByRole('region', { name: new RegExp(`^${name}`) });
const openAbout = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'About' }));
  return screen.findByRole('dialog', { name: 'About' });
};

describe('About', () => {
  it('lists the shell and each remote with version, build time and commit, canary and override marked', async () => {
    setConsoleVersions(() => ({
      loaded: {
        settings: remoteBuild({
          version: '0.1.0-3f9a2c1b',
          commit: 'abcdef012345',
          builtAt: '2026-02-03T04:05:06.000Z',
          canary: true,
        }),
        users: remoteBuild({
          entry: 'https://qa.test/users/mf-manifest.json',
          version: null,
          commit: null,
          builtAt: null,
          override: true,
        }),
      },
      live: {
        settings: remoteBuild({
          version: '0.1.0-3f9a2c1b',
          commit: 'abcdef012345',
          builtAt: '2026-02-03T04:05:06.000Z',
          canary: true,
        }),
        users: remoteBuild({
          entry: 'https://qa.test/users/mf-manifest.json',
          version: null,
          commit: null,
          builtAt: null,
          override: true,
        }),
        commerce: remoteBuild({ version: '0.4.0-77aa88bb', commit: 'fedcba987654' }),
      },
    }));
    render(<AboutButton />);
    const dialog = await openAbout();
    expect(
      within(dialog)
        .getAllByRole('region')
        .map((r) => r.querySelector('[id]')?.textContent),
    ).toEqual([
      'Shell',
      'Users and games',
      'Marketplace and shop',
      'Transactions',
      'Tasks, mailing, tournaments and giveaways',
      'Settings',
    ]);

    // The shell's build as vitest.config.ts defines it.
    const shell = section('Shell');
    expect(shell.textContent).toContain('0.1.0');
    expect(within(shell).getByText('test')).toBeTruthy();
    expect(shell.textContent).toMatch(/Built(Jan 1|Dec 31), 202[56]/);

    const settings = section('Settings');
    expect(within(settings).getByText('0.1.0-3f9a2c1b')).toBeTruthy();
    expect(within(settings).getByText('abcdef012345')).toBeTruthy();
    expect(within(settings).getByText('canary')).toBeTruthy();
    expect(within(settings).queryByText('override')).toBeNull();
    expect(within(settings).getByText('Running in this tab')).toBeTruthy();
    expect(settings.textContent).toMatch(/Feb 3, 2026/);

    const users = section('Users and games');
    expect(within(users).getByText('override')).toBeTruthy();
    expect(within(users).queryByText('canary')).toBeNull();
    expect(within(users).getAllByText('unknown')).toHaveLength(3);

    const commerce = section('Marketplace and shop');
    expect(within(commerce).getByText('0.4.0-77aa88bb')).toBeTruthy();
    expect(within(commerce).getByText('Not loaded in this tab (the build it would load)')).toBeTruthy();
    expect(within(section('Transactions')).getByText('Not known yet (remotes.json not read)')).toBeTruthy();
    expect(within(dialog).queryByText('Update available')).toBeNull();
  });

  it('says "Update available" for a loaded remote whose live build is another, and follows the store while open', async () => {
    const running = remoteBuild({ version: '0.1.0-3f9a2c1b' });
    setConsoleVersions(() => ({ loaded: { settings: running }, live: { settings: running } }));
    render(<AboutButton />);
    await openAbout();
    expect(within(section('Settings')).queryByText('Update available')).toBeNull();

    const newer = remoteBuild({
      entry: 'https://console.test/releases/settings/0.1.1-00aa11bb/mf-manifest.json',
      version: '0.1.1-00aa11bb',
    });
    act(() => setConsoleVersions((v) => ({ ...v, live: { settings: newer } })));
    const settings = section('Settings');
    expect(within(settings).getByText('Update available')).toBeTruthy();
    expect(within(settings).getByText('0.1.1-00aa11bb')).toBeTruthy();
    expect(within(settings).getByText('0.1.0-3f9a2c1b')).toBeTruthy();

    // Taken: the running build is the live one again.
    act(() => setConsoleVersions((v) => ({ ...v, loaded: { settings: newer } })));
    expect(within(section('Settings')).queryByText('Update available')).toBeNull();
  });

  it('closes with its Close button and with Escape, the focus back on About', async () => {
    render(<AboutButton />);
    const about = screen.getByRole('button', { name: 'About' });
    const dialog = await openAbout();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About' })).toBeNull());
    expect(document.activeElement).toBe(about);
    await openAbout();
    about.blur();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'About' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About' })).toBeNull());
    expect(document.activeElement).toBe(about);
  });
});
