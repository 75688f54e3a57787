import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './errors';

/**
 * Writes `file` so that a reader sees the old content or the new, never part of either: the
 * text goes to a temporary file in the same folder (same file system), is flushed to disk,
 * then renamed over `file` (rename replaces a directory entry in one step).
 */
export function writeFileAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = fs.openSync(temp, 'wx');
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

export const writeJsonAtomic = (file: string, value: unknown) => writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);

export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/**
 * Runs `work` holding `<dir>/.lock`, so two promotes (or a promote and a rollback) never read
 * the same `remotes.json` and both write it, one losing the other's change. The lock file is
 * created exclusively (`wx`); a second command meanwhile is refused, naming the holder. A lock
 * left by a process of this host that no longer runs (killed mid-command) is taken over.
 */
export function withLock<T>(dir: string, host: string, now: Date, work: () => T): T {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, '.lock');
  const owner: LockOwner = { pid: process.pid, host, since: now.toISOString() };
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    try {
      fd = fs.openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockOwner(lock);
      if (attempt === 0 && holder?.host === host && typeof holder.pid === 'number' && !isRunning(holder.pid)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      const who = holder?.pid ? ` (process ${holder.pid} on ${holder.host}, since ${holder.since})` : '';
      throw new ReleaseError(`another promote or rollback is running${who}; try again when it ends, or remove ${lock} if none is`);
    }
  }
  try {
    fs.writeFileSync(fd, JSON.stringify(owner));
    fs.closeSync(fd);
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** The holder written into the lock, or undefined while it is being written. */
function readLockOwner(lock: string): Partial<LockOwner> | undefined {
  try {
    return readJson(lock) as Partial<LockOwner> | undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
