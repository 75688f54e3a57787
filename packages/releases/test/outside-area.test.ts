import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AreaInfo } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import { releaseSource } from '../src/release';
import { cli, fakeRelease, readLiveFile, snapshot, tempWorkspace } from './helpers';

/** The area of a remote from outside the console, as its build states it. */
const OUTSIDE: AreaInfo = {
  label: 'Outside',
  permission: 'dashboard.read',
  pages: [{ path: '/outside/balances', title: 'Balances at a glance' }],
};

describe('a remote from outside the console', () => {
  it('is promoted by its name, and remotes.json carries its area for the shell', async () => {
    const ws = tempWorkspace();
    const info = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area: OUTSIDE });
    const result = await cli(ws, 'promote', 'outside', info.version);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(readLiveFile(ws).outside).toEqual({
      entry: `releases/outside/${info.version}/mf-manifest.json`,
      version: info.version,
      commit: info.commit,
      builtAt: info.builtAt,
      requires: info.requires,
      area: OUTSIDE,
    });
    expect((await cli(ws, 'releases', 'outside')).out).toContain(info.version);
  });

  it('a name with no releases is unknown', async () => {
    const ws = tempWorkspace();
    const result = await cli(ws, 'releases', 'nowhere');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'unknown remote "nowhere": one of users, commerce, transactions, engagement, settings, or a remote released from its own folder',
    );
  });

  it.each([
    [
      'a release that states no area',
      undefined,
      "outside is not one of the console's areas and its build states none: give remoteViteConfig an area",
    ],
    [
      "a page under a prefix of the console's own",
      { ...OUTSIDE, pages: [{ path: '/users/extra', title: 'Extra' }] },
      'outside cannot be mounted: /users belongs to another area of the console',
    ],
    [
      'a page under the dashboard',
      { ...OUTSIDE, pages: [{ path: '/dashboard/more', title: 'More' }] },
      'outside cannot be mounted: /dashboard belongs to another area of the console',
    ],
  ])('refuses %s, writing nothing', async (_, area, message) => {
    const ws = tempWorkspace();
    const info = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', area ? { area } : {});
    const before = snapshot(ws.dir);
    const result = await cli(ws, 'promote', 'outside', info.version, '--force');
    expect(result.code).toBe(1);
    expect(result.err).toBe(message);
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it('refuses a second area that claims a prefix another one owns', async () => {
    const ws = tempWorkspace();
    const first = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area: OUTSIDE });
    expect((await cli(ws, 'promote', 'outside', first.version)).code).toBe(0);
    const second = fakeRelease(ws, 'rival', '0.1.0-bbbb2222', { area: { ...OUTSIDE, label: 'Rival' } });
    const before = snapshot(ws.dir);
    const result = await cli(ws, 'promote', 'rival', second.version);
    expect(result.err).toBe('rival cannot be mounted: /outside belongs to another area of the console');
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it('takes a canary only over a release live for everyone (no console build of it exists)', async () => {
    const ws = tempWorkspace();
    const a = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area: OUTSIDE });
    const refused = await cli(ws, 'promote', 'outside', a.version, '--canary', 'qa');
    expect(refused.err).toBe(
      'outside has no release live for everyone: promote one first, then a canary over it',
    );
    expect((await cli(ws, 'promote', 'outside', a.version)).code).toBe(0);
    const b = fakeRelease(ws, 'outside', '0.1.0-bbbb2222', {
      area: OUTSIDE,
      builtAt: '2026-02-02T00:00:00.000Z',
    });
    const canary = await cli(ws, 'promote', 'outside', b.version, '--canary', 'qa');
    expect(canary.err).toBe('');
    expect(readLiveFile(ws).outside.canary).toMatchObject({
      version: b.version,
      admins: ['qa'],
      area: OUTSIDE,
    });
  });
});

describe('releaseSource', () => {
  const folder = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-outside-'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name }));
    return dir;
  };

  it('names a folder\'s remote after its package, without a scope and "mf-"', () => {
    const ws = tempWorkspace();
    const dir = folder('@team/mf-outside');
    expect(releaseSource(ws, dir, '/')).toEqual({ remote: 'outside', app: dir });
    expect(releaseSource(ws, `./${path.basename(dir)}`, path.dirname(dir))).toEqual({
      remote: 'outside',
      app: dir,
    });
    fs.rmSync(dir, { recursive: true });
  });

  it("refuses a folder elsewhere named like one of the console's own areas", () => {
    const ws = tempWorkspace();
    const dir = folder('mf-users');
    expect(() => releaseSource(ws, dir, '/')).toThrow(
      `"users" is one of the console's own areas: release it from ${path.join(ws.root, 'mf-users')}`,
    );
    expect(releaseSource(ws, path.join(ws.root, 'mf-users'), '/')).toEqual({
      remote: 'users',
      app: path.join(ws.root, 'mf-users'),
    });
    fs.rmSync(dir, { recursive: true });
  });

  it("builds a console remote by name from the repository's mf-<name>", () => {
    const ws = tempWorkspace();
    expect(releaseSource(ws, 'users', '/')).toEqual({ remote: 'users', app: path.join(ws.root, 'mf-users') });
  });

  it('refuses a folder without a package.json, or whose name makes no area name', () => {
    const ws = tempWorkspace();
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-outside-'));
    expect(() => releaseSource(ws, empty, '/')).toThrow(
      `${empty} has no package.json: name a remote's folder`,
    );
    const bad = folder('mf-Outside_Area');
    expect(() => releaseSource(ws, bad, '/')).toThrow('name "mf-Outside_Area" does not make an area name');
    fs.rmSync(empty, { recursive: true });
    fs.rmSync(bad, { recursive: true });
  });
});

describe('prefixes taken by canaries and by rollbacks', () => {
  it("refuses an area whose prefix another area's canary states", async () => {
    const ws = tempWorkspace();
    const a = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area: OUTSIDE });
    expect((await cli(ws, 'promote', 'outside', a.version)).code).toBe(0);
    const wider = { ...OUTSIDE, pages: [...OUTSIDE.pages, { path: '/reports/day', title: 'Day' }] };
    const b = fakeRelease(ws, 'outside', '0.1.0-bbbb2222', {
      area: wider,
      builtAt: '2026-02-02T00:00:00.000Z',
    });
    expect((await cli(ws, 'promote', 'outside', b.version, '--canary', 'qa')).code).toBe(0);
    const rival = fakeRelease(ws, 'reports', '0.1.0-cccc3333', {
      area: { ...OUTSIDE, label: 'Reports', pages: [{ path: '/reports', title: 'Reports' }] },
    });
    const refused = await cli(ws, 'promote', 'reports', rival.version);
    expect(refused.err).toBe('reports cannot be mounted: /reports belongs to another area of the console');
  });

  it('refuses a rollback to a release whose prefix another area took since, writing nothing', async () => {
    const ws = tempWorkspace();
    const wide = { ...OUTSIDE, pages: [...OUTSIDE.pages, { path: '/reports', title: 'Reports' }] };
    const a = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area: wide });
    expect((await cli(ws, 'promote', 'outside', a.version)).code).toBe(0);
    const b = fakeRelease(ws, 'outside', '0.1.0-bbbb2222', {
      area: OUTSIDE,
      builtAt: '2026-02-02T00:00:00.000Z',
    });
    expect((await cli(ws, 'promote', 'outside', b.version)).code).toBe(0);
    const other = fakeRelease(ws, 'reports', '0.1.0-cccc3333', {
      area: { ...OUTSIDE, label: 'Reports', pages: [{ path: '/reports', title: 'Reports' }] },
    });
    expect((await cli(ws, 'promote', 'reports', other.version)).code).toBe(0);
    const before = snapshot(ws.dir);
    const back = await cli(ws, 'rollback', 'outside');
    expect(back.err).toBe('outside cannot be mounted: /reports belongs to another area of the console');
    expect(snapshot(ws.dir)).toEqual(before);
  });
});

describe('rollback of a remote from outside the console', () => {
  it('at its first release takes it out of the console; then there is nothing to take back', async () => {
    const ws = tempWorkspace();
    const other = fakeRelease(ws, 'settings', '0.1.0-cccc3333');
    expect((await cli(ws, 'promote', 'settings', other.version)).code).toBe(0);
    const a = fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area: OUTSIDE });
    expect((await cli(ws, 'promote', 'outside', a.version)).code).toBe(0);
    const back = await cli(ws, 'rollback', 'outside');
    expect(back.out).toBe(`outside ${a.version} taken down: the console has no outside area now`);
    expect(Object.keys(readLiveFile(ws))).toEqual(['settings']);
    const again = await cli(ws, 'rollback', 'outside');
    expect(again.err).toBe('outside has no earlier release to roll back to');
    // The console's own remotes keep theirs: their first release goes back to nothing earlier.
    expect((await cli(ws, 'rollback', 'settings')).err).toBe(
      'settings has no earlier release to roll back to',
    );
  });
});
