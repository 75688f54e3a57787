import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files under `dir` as sorted `/`-separated relative paths. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/**
 * The first 8 hex digits of a sha256 over a build's files (each relative path, then its
 * bytes), `build.json` left out: it carries the build time, so two builds of the same sources
 * differ only there and must get the same version.
 */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const rel of filesUnder(dir)) {
    if (rel === 'build.json') continue;
    const content = fs.readFileSync(path.join(dir, rel));
    // Lengths keep the boundaries unambiguous (a path that ends where content begins).
    hash.update(`${rel.length}:${rel}\0${content.length}:`);
    hash.update(content);
  }
  return hash.digest('hex').slice(0, 8);
}
