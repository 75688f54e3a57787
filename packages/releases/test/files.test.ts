import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli, fakeRelease, readLiveFile, snapshot, tempWorkspace } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('remotes.json is written atomically', () => {
  it('a promote replaces the file by rename (a new inode), leaving no temporary file', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const file = path.join(ws.dir, 'remotes.json');
    const before = fs.statSync(file).ino;
    // A reader holding the old file keeps reading the whole old content.
    const reader = fs.openSync(file, 'r');
    cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb');
    expect(fs.statSync(file).ino).not.toBe(before);
    expect(JSON.parse(fs.readFileSync(reader, 'utf8')).settings.version).toBe('0.1.0-aaaaaaaa');
    fs.closeSync(reader);
    expect(readLiveFile(ws).settings.version).toBe('0.1.0-bbbbbbbb');
    expect(fs.readdirSync(ws.dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('a write that fails before the rename leaves the old file whole and no temporary file', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'users', '0.1.0-11111111');
    cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const live = fs.readFileSync(path.join(ws.dir, 'remotes.json'), 'utf8');
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to).endsWith('remotes.json')) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      rename(from, to);
    });
    expect(() => cli(ws, 'promote', 'users', '0.1.0-11111111')).toThrow('disk full');
    expect(fs.readFileSync(path.join(ws.dir, 'remotes.json'), 'utf8')).toBe(live);
    expect(fs.readdirSync(ws.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // The lock is released: the next promote goes through.
    vi.restoreAllMocks();
    expect(cli(ws, 'promote', 'users', '0.1.0-11111111').code).toBe(0);
  });
});

describe('the lock', () => {
  it('refuses a promote or rollback while another holds it, naming the holder, writing nothing', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    // A running process of this host (this one) holds it.
    const holder = { pid: process.pid, host: os.hostname(), since: '2026-03-01T09:59:00.000Z' };
    fs.writeFileSync(path.join(ws.dir, '.lock'), JSON.stringify(holder));
    const before = snapshot(ws.dir);
    for (const argv of [['promote', 'settings', '0.1.0-bbbbbbbb'], ['rollback', 'settings']]) {
      const result = cli(ws, ...argv);
      expect(result.code).toBe(1);
      expect(result.err).toBe(
        `another promote or rollback is running (process ${process.pid} on ${os.hostname()}, since 2026-03-01T09:59:00.000Z); ` +
          `try again when it ends, or remove ${path.join(ws.dir, '.lock')} if none is`,
      );
    }
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it('is held while remotes.json is written, and released after', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const lock = path.join(ws.dir, '.lock');
    const seen: boolean[] = [];
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      seen.push(fs.existsSync(lock));
      rename(from, to);
    });
    cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(seen).toEqual([true, true]); // history.json, then remotes.json
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a process of this host that no longer runs', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fs.mkdirSync(ws.dir, { recursive: true });
    // Beyond Linux's pid_max (4194304): no such process.
    fs.writeFileSync(path.join(ws.dir, '.lock'), JSON.stringify({ pid: 99_999_999, host: os.hostname(), since: 'x' }));
    expect(cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa').code).toBe(0);
    expect(fs.existsSync(path.join(ws.dir, '.lock'))).toBe(false);
  });

  it('is released after a refusal inside it', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    expect(cli(ws, 'rollback', 'settings').code).toBe(1);
    expect(fs.existsSync(path.join(ws.dir, '.lock'))).toBe(false);
  });
});
