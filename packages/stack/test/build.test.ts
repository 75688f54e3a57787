import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestMtime } from '../src/build';

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
});
