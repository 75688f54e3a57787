import { act, render, screen, within } from '@testing-library/react';
import type { AreaInfo, RemotesManifest } from '@manager/contract';
import { MemoryRouter } from '@manager/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedMenuItems, groupForPath, menuPages } from '../layout/menu-items';
import { SideMenu } from '../layout/side-menu';
import { extraAreas } from './extra-areas';
import { targetsFor } from './targets';
import { areaLabelOf, setConsoleVersions, type RemoteBuild } from './versions';
import { bareBuild } from '../test/builds';

const OUTSIDE: AreaInfo = {
  label: 'Outside',
  permission: 'dashboard.read',
  pages: [{ path: '/outside/balances', title: 'Balances at a glance' }],
};

const build = (entry: string, area?: AreaInfo): RemoteBuild => bareBuild(entry, area ? { area } : {});

afterEach(() => {
  act(() => setConsoleVersions(() => ({ loaded: {}, live: {} })));
  vi.restoreAllMocks();
});

describe('areas the shell was not built with', () => {
  it('are targets when their release states an area no other owns; the rest are left out, said in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const manifest = {
      users: { entry: 'http://x/users/mf-manifest.json' },
      outside: { entry: 'http://x/outside/mf-manifest.json', area: OUTSIDE },
      rival: { entry: 'http://x/rival/mf-manifest.json', area: { ...OUTSIDE, label: 'Rival' } },
      bare: { entry: 'http://x/bare/mf-manifest.json' },
      shadow: {
        entry: 'http://x/shadow/mf-manifest.json',
        area: { ...OUTSIDE, pages: [{ path: '/users/shadow', title: 'Shadow' }] },
      },
    } as RemotesManifest;
    const targets = targetsFor(manifest, 'admin', {});
    expect(Object.keys(targets)).toEqual(['users', 'outside']);
    expect(targets.outside).toMatchObject({ entry: 'http://x/outside/mf-manifest.json', area: OUTSIDE });
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'remotes.json: rival is not mounted: /outside belongs to another area of the console',
      'remotes.json: bare is not mounted: its release states no area',
      'remotes.json: shadow is not mounted: /users belongs to another area of the console',
    ]);
    expect(extraAreas(targets)).toEqual([{ name: 'outside', area: OUTSIDE, prefixes: ['/outside'] }]);
  });

  it("take the area of the admin's canary when they are in it", () => {
    const canaryArea = { ...OUTSIDE, pages: [...OUTSIDE.pages, { path: '/outside/new', title: 'New page' }] };
    const manifest = {
      outside: {
        entry: 'http://x/outside/1/mf-manifest.json',
        area: OUTSIDE,
        canary: { entry: 'http://x/outside/2/mf-manifest.json', admins: ['qa'], area: canaryArea },
      },
    } as RemotesManifest;
    expect(targetsFor(manifest, 'qa', {}).outside?.area).toEqual(canaryArea);
    expect(targetsFor(manifest, 'admin', {}).outside?.area).toEqual(OUTSIDE);
  });

  it('join the menu as a group before Settings, for an admin holding their permission only', () => {
    const extras = extraAreas({ outside: build('http://x/o', OUTSIDE) });
    const pages = menuPages(allowedMenuItems(() => true, extras)).map((p) => p.label);
    expect(pages.slice(pages.indexOf('Settings') - 1, pages.indexOf('Settings') + 1)).toEqual([
      'Outside › Balances at a glance',
      'Settings',
    ]);
    const withoutDashboard = menuPages(allowedMenuItems((p) => p !== 'dashboard.read', extras));
    expect(withoutDashboard.map((p) => p.label)).not.toContain('Outside › Balances at a glance');
    expect(groupForPath('/outside/balances', extras)).toBe('area:outside');
    expect(groupForPath('/outside/balances')).toBeUndefined();
  });

  it('show in the side menu once remotes.json lists them, with their group open on their page', () => {
    render(
      <MemoryRouter initialEntries={['/outside/balances']}>
        <SideMenu />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByText('Outside')).toBeNull();
    act(() => setConsoleVersions((c) => ({ ...c, live: { outside: build('http://x/o', OUTSIDE) } })));
    expect(within(nav).getByText('Outside')).toBeTruthy();
    expect(within(nav).getByRole('menuitem', { name: 'Balances at a glance' })).toBeTruthy();
  });

  it('are named by their release in messages, the console areas by the console', () => {
    act(() => setConsoleVersions((c) => ({ ...c, live: { outside: build('http://x/o', OUTSIDE) } })));
    expect(areaLabelOf('outside')).toBe('Outside');
    expect(areaLabelOf('settings')).toBe('Settings');
  });
});
