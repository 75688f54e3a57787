// `pnpm pack:packages`: builds the console's published packages (built JavaScript and type
// declarations, `publishConfig` of each package.json) and packs each into `.packs/<name>.tgz`
// at the repository's root, as a registry would serve them. A remote in a repository of its
// own installs these (examples/remote-outside takes them through its pnpm overrides).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The packages a remote outside the repository depends on: the folders under `packages/`. */
export const PUBLISHED_PACKAGES = ['contract', 'platform', 'ui', 'dev-harness', 'vite-config'] as const;

export const PACKS_DIR = path.join(ROOT, '.packs');

/** The tarball of a published package: `.packs/manager-<folder>.tgz`, a name that does not change. */
export const packOf = (folder: (typeof PUBLISHED_PACKAGES)[number]): string =>
  path.join(PACKS_DIR, `manager-${folder}.tgz`);

/** Packs every published package (`prepack` builds it first); throws with pnpm's output on a failure. */
export function packPackages(): string[] {
  fs.mkdirSync(PACKS_DIR, { recursive: true });
  return PUBLISHED_PACKAGES.map((folder) => {
    const result = spawnSync('pnpm', ['pack', '--out', packOf(folder)], {
      cwd: path.join(ROOT, 'packages', folder),
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`pnpm pack of packages/${folder} failed:\n${result.stdout}${result.stderr}`);
    return packOf(folder);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of packPackages()) console.log(path.relative(process.cwd(), file));
}
