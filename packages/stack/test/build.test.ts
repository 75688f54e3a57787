import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale, markBuilt, newestMtime } from '../src/build';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A package folder with a source file, all dated `at`. */
function packageAt(at: Date): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-build-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src/index.ts'), 'export {};\n');
  for (const p of [path.join(dir, 'src/index.ts'), path.join(dir, 'src'), dir]) fs.utimesSync(p, at, at);
  return dir;
}

describe('what makes an app stale', () => {
  const then = new Date('2026-01-01T00:00:00Z');

  it("is not a package's dist made again (a build or pnpm pack), though its folder changes", () => {
    const dir = packageAt(then);
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.writeFileSync(path.join(dir, 'dist/index.js'), 'export {};\n');
    expect(fs.statSync(dir).mtimeMs).toBeGreaterThan(then.getTime());
    expect(newestMtime(dir)).toBe(then.getTime());
  });

  it('is a source file changed, added or deleted', () => {
    const changed = packageAt(then);
    fs.writeFileSync(path.join(changed, 'src/index.ts'), 'export const a = 1;\n');
    expect(newestMtime(changed)).toBeGreaterThan(then.getTime());
    const deleted = packageAt(then);
    fs.rmSync(path.join(deleted, 'src/index.ts'));
    expect(newestMtime(deleted)).toBeGreaterThan(then.getTime());
  });

  it('is a source file saved while the build ran, which the build may not have read', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-build-root-'));
    made.push(root);
    const app = path.basename(packageAt(then));
    fs.renameSync(path.join(os.tmpdir(), app), path.join(root, app));
    fs.mkdirSync(path.join(root, app, 'dist'));
    const started = new Date(then.getTime() + 60_000);
    markBuilt(root, app, started);
    expect(isStale(root, app)).toBe(false);
    // Saved 5 s into the build; the build ended later, and its stamp still says when it began.
    const saved = new Date(started.getTime() + 5_000);
    fs.utimesSync(path.join(root, app, 'src/index.ts'), saved, saved);
    expect(isStale(root, app)).toBe(true);
  });
});
