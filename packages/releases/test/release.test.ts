import fs from 'node:fs';
import path from 'node:path';
import { buildInfoSchema, sharedRequirements } from '@manager/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../src/content-hash';
import { REPO_ROOT } from '../src/layout';
import { HARNESS_ONLY, release, type ReleaseResult } from '../src/release';
import { writeVerification } from '../src/verification';
import { cli, PASSED, readLiveFile, tempWorkspace } from './helpers';

/** The remote's own dist (files and their mtimes): a release must leave it as it was. */
function distState() {
  const dist = path.join(REPO_ROOT, 'mf-settings/dist');
  if (!fs.existsSync(dist)) return null;
  return fs
    .readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((f) => [f, fs.statSync(path.join(dist, f)).mtimeMs]);
}

describe('release (a real build of mf-settings)', () => {
  const ws = tempWorkspace();
  let first: ReleaseResult;
  let distBefore: ReturnType<typeof distState>;

  beforeAll(() => {
    distBefore = distState();
    first = release(ws, 'settings');
  });

  it('files the build as <dir>/settings/<package version>-<8 hex of its content>', async () => {
    const { version } = first.release;
    expect(first.created).toBe(true);
    expect(version).toMatch(/^0\.1\.0-[0-9a-f]{8}(-dirty)?$/);
    // Built from uncommitted changes exactly when the working tree had some (build.json's commit).
    expect(version.endsWith('-dirty')).toBe(first.release.commit.endsWith('-dirty'));
    expect(first.path).toBe(path.join(ws.dir, 'settings', version));
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'build.json', 'release.json']) {
      expect(fs.existsSync(path.join(first.path, file)), file).toBe(true);
    }
    // Only what the console loads: not the dev harness's page, nor any config (API URL, key).
    expect(fs.existsSync(path.join(REPO_ROOT, 'mf-settings/index.html'))).toBe(true);
    for (const file of HARNESS_ONLY) expect(fs.existsSync(path.join(first.path, file)), file).toBe(false);
    // Nothing half-built is left beside the releases.
    expect(fs.readdirSync(ws.dir)).toEqual(['settings']);
  });

  it('writes release.json and a build.json that carry the release version and what it needs', async () => {
    const build = buildInfoSchema.parse(
      JSON.parse(fs.readFileSync(path.join(first.path, 'build.json'), 'utf8')),
    );
    const info = JSON.parse(fs.readFileSync(path.join(first.path, 'release.json'), 'utf8'));
    expect(build).toMatchObject({ name: 'mf-settings', version: first.release.version });
    expect(Object.keys(build.shared)).toEqual(
      expect.arrayContaining(['@manager/ui', '@manager/platform', 'react']),
    );
    expect(info).toEqual({
      remote: 'settings',
      version: first.release.version,
      commit: build.commit,
      builtAt: build.builtAt,
      requires: sharedRequirements(build.shared),
      shared: build.shared,
    });
  });

  it('the same sources release to the same version: a no-op that says so', async () => {
    const stamp = fs.statSync(path.join(first.path, 'release.json')).mtimeMs;
    const again = await cli(ws, 'release', 'settings', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toEqual({
      remote: 'settings',
      version: first.release.version,
      path: first.path,
      created: false,
    });
    expect(fs.statSync(path.join(first.path, 'release.json')).mtimeMs).toBe(stamp);
    expect(fs.readdirSync(path.join(ws.dir, 'settings'))).toEqual([first.release.version]);
  }, 180_000);

  it("never touches the remote's own dist", async () => {
    expect(distState()).toEqual(distBefore);
  });

  it('is refused until verified, then promotes like any release', async () => {
    const consoleWs = { ...ws, consoleBuildJson: path.join(first.path, 'build.json') };
    const { version, commit } = first.release;
    expect((await cli(consoleWs, 'promote', 'settings', version)).err).toContain('has not been verified');
    writeVerification(ws, 'settings', version, PASSED);
    // A working tree with changes (a developer's) releases `-dirty`, which promote refuses
    // without --force (promote.test.ts tests that rule); a clean clone's (CI's) goes live.
    const dirty = commit.endsWith('-dirty');
    if (dirty)
      expect((await cli(consoleWs, 'promote', 'settings', version)).err).toContain(
        'was built from uncommitted changes',
      );
    const result = await cli(consoleWs, 'promote', 'settings', version, ...(dirty ? ['--force'] : []));
    expect(result.code).toBe(0);
    expect(readLiveFile(ws).settings.entry).toBe(`releases/settings/${version}/mf-manifest.json`);
  });
});

describe('contentHash', () => {
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(tempWorkspace().dir, '..', 'hash-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/a.js'), 'export const a = 1;');
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(dir, 'build.json'), '{"builtAt":"1"}');
    return dir;
  };

  it('ignores build.json (its build time) and follows every other byte and name', async () => {
    const dir = folder();
    const hash = contentHash(dir);
    expect(hash).toMatch(/^[0-9a-f]{8}$/);
    fs.writeFileSync(path.join(dir, 'build.json'), '{"builtAt":"2"}');
    expect(contentHash(dir)).toBe(hash);
    fs.writeFileSync(path.join(dir, 'assets/a.js'), 'export const a = 2;');
    const changed = contentHash(dir);
    expect(changed).not.toBe(hash);
    fs.renameSync(path.join(dir, 'assets/a.js'), path.join(dir, 'assets/b.js'));
    expect(contentHash(dir)).not.toBe(changed);
  });
});
