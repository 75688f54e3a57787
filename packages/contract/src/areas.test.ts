import { describe, expect, it } from 'vitest';
import { areaConflict, areaLabel, areaPrefixes, type AreaInfo } from './areas.ts';
import { remotesManifestSchema } from './runtime-config.ts';

const OUTSIDE: AreaInfo = {
  label: 'Outside',
  permission: 'dashboard.read',
  pages: [
    { path: '/outside/balances', title: 'Balances at a glance' },
    { path: '/outside', title: 'Overview' },
    { path: '/elsewhere/one', title: 'One' },
  ],
};

describe('areas from outside the console', () => {
  it('own the first segment of each page', () => {
    expect(areaPrefixes(OUTSIDE)).toEqual(['/outside', '/elsewhere']);
  });

  it.each([
    ['outside', [], null],
    ['users', [], '"users" is one of the console\'s own areas'],
    ['Outside', [], '"Outside" is not an area name (a-z and 0-9, 2 to 31 characters)'],
    ['x', [], '"x" is not an area name (a-z and 0-9, 2 to 31 characters)'],
    ['other', ['/elsewhere'], '/elsewhere belongs to another area of the console'],
  ])('%s with %j taken: %s', (name, taken, conflict) => {
    expect(areaConflict(name, OUTSIDE, taken)).toBe(conflict);
  });

  it.each([
    '/users/x',
    '/game/x',
    '/login/x',
    '/dashboard/x',
    '/enrol/x',
    '/settings/x',
    '/admins/x',
    '/assets/x',
    '/releases/x',
    '/auth/x',
    '/manager/x',
    '/uploads/x',
  ])('may not take %s', (path) => {
    expect(areaConflict('outside', { ...OUTSIDE, pages: [{ path, title: 'T' }] })).toMatch(
      /belongs to another area of the console$/,
    );
  });

  it("name the console's own areas by its labels, others by their release's", () => {
    expect(areaLabel('users', OUTSIDE)).toBe('Users and games');
    expect(areaLabel('outside', OUTSIDE)).toBe('Outside');
    expect(areaLabel('outside')).toBe('outside');
    // Not read through the object's prototype.
    expect(areaLabel('constructor', OUTSIDE)).toBe('Outside');
  });
});

describe('remotes.json with areas from outside', () => {
  it('keeps an entry with its area, and drops one that does not parse alone', () => {
    const parsed = remotesManifestSchema.parse({
      users: 'https://cdn/users/mf-manifest.json',
      outside: { entry: 'releases/outside/1/mf-manifest.json', area: OUTSIDE },
      broken: { entry: 'x', area: { label: 'No pages', permission: 'dashboard.read', pages: [] } },
      odd: 42,
    });
    expect(parsed.users).toEqual({ entry: 'https://cdn/users/mf-manifest.json' });
    expect(parsed.outside).toEqual({ entry: 'releases/outside/1/mf-manifest.json', area: OUTSIDE });
    expect(parsed.broken).toBeUndefined();
    expect(parsed.odd).toBeUndefined();
  });

  it("still refuses a bad entry of the console's own remotes", () => {
    expect(remotesManifestSchema.safeParse({ users: 42 }).success).toBe(false);
  });

  it('refuses an area whose permission the console does not know', () => {
    const parsed = remotesManifestSchema.parse({
      outside: { entry: 'x', area: { ...OUTSIDE, permission: 'everything' } },
    });
    expect(parsed.outside).toBeUndefined();
  });
});
