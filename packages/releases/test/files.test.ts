import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli, fakeRelease, readLiveFile, snapshot, tempWorkspace } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('remotes.json is written atomically', () => {
  it('a promote replaces the file by rename (a new inode), leaving no temporary file', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const file = path.join(ws.dir, 'remotes.json');
    const before = fs.statSync(file).ino;
    // A reader holding the old file keeps reading the whole old content.
    const reader = fs.openSync(file, 'r');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb');
    expect(fs.statSync(file).ino).not.toBe(before);
    expect(JSON.parse(fs.readFileSync(reader, 'utf8')).settings.version).toBe('0.1.0-aaaaaaaa');
    fs.closeSync(reader);
    expect(readLiveFile(ws).settings.version).toBe('0.1.0-bbbbbbbb');
    expect(fs.readdirSync(ws.dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('a write that fails before the rename leaves the old file whole and no temporary file', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'users', '0.1.0-11111111');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const live = fs.readFileSync(path.join(ws.dir, 'remotes.json'), 'utf8');
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to).endsWith('remotes.json'))
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      rename(from, to);
    });
    await expect(cli(ws, 'promote', 'users', '0.1.0-11111111')).rejects.toThrow('disk full');
    expect(fs.readFileSync(path.join(ws.dir, 'remotes.json'), 'utf8')).toBe(live);
    expect(fs.readdirSync(ws.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // The lock is released: the next promote goes through.
    vi.restoreAllMocks();
    expect((await cli(ws, 'promote', 'users', '0.1.0-11111111')).code).toBe(0);
  });
});

describe('the lock', () => {
  it('refuses a promote or rollback while another holds it, writing nothing', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    // Another command holds it: a lock taken just now.
    const release = lockfile.lockSync(ws.dir, { lockfilePath: path.join(ws.dir, '.lock'), realpath: false });
    try {
      const before = snapshot(ws.dir);
      for (const argv of [
        ['promote', 'settings', '0.1.0-bbbbbbbb'],
        ['rollback', 'settings'],
      ]) {
        const result = await cli(ws, ...argv);
        expect(result.code).toBe(1);
        expect(result.err).toBe(
          `another promote or rollback is running; try again when it ends (a lock left by a killed command, ${path.join(ws.dir, '.lock')}, expires after 30 s)`,
        );
      }
      expect(snapshot(ws.dir)).toEqual(before);
    } finally {
      release();
    }
  });

  it('is held while remotes.json is written, and released after', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const lock = path.join(ws.dir, '.lock');
    const seen: boolean[] = [];
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      seen.push(fs.existsSync(lock));
      rename(from, to);
    });
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(seen).toEqual([true, true]); // history.json, then remotes.json
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a killed command (not refreshed for 30 s)', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const lock = path.join(ws.dir, '.lock');
    fs.mkdirSync(lock, { recursive: true });
    const old = new Date(Date.now() - 31_000);
    fs.utimesSync(lock, old, old);
    expect((await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa')).code).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('is released after a refusal inside it', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    expect((await cli(ws, 'rollback', 'settings')).code).toBe(1);
    expect(fs.existsSync(path.join(ws.dir, '.lock'))).toBe(false);
  });
});
