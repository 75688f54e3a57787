import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ReleaseError } from './errors';

/**
 * Writes `file` so that a reader sees the old content or the new, never part of either: the
 * text goes to a temporary file in the same folder (same file system), is flushed to disk,
 * then renamed over `file` (rename replaces a directory entry in one step).
 */
export function writeFileAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
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

export const writeJsonAtomic = (file: string, value: unknown) =>
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);

export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A lock not refreshed for this long belongs to a command that was killed: it is taken over. */
export const LOCK_STALE_MS = 30_000;

/**
 * Runs `work` holding `<dir>/.lock`, so two promotes (or a promote and a rollback) never read
 * the same `remotes.json` and both write it, one losing the other's change. `proper-lockfile`
 * makes the lock a directory (mkdir is atomic) and treats one older than `LOCK_STALE_MS` as
 * left by a killed command; a second command meanwhile is refused. `work` is synchronous and
 * takes milliseconds, far below that age.
 */
export function withLock<T>(dir: string, work: () => T): T {
  fs.mkdirSync(dir, { recursive: true });
  const lockfilePath = path.join(dir, '.lock');
  let release: () => void;
  try {
    release = lockfile.lockSync(dir, { lockfilePath, realpath: false, stale: LOCK_STALE_MS });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new ReleaseError(
      `another promote or rollback is running; try again when it ends (a lock left by a killed command, ${lockfilePath}, expires after ${LOCK_STALE_MS / 1000} s)`,
    );
  }
  try {
    return work();
  } finally {
    release();
  }
}
