import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packPackages } from '@manager/stack/pack-packages';
import { REPO } from './workspace-copy';

/**
 * A remote in a repository of its own (examples/remote-outside): it depends only on the
 * console's packed packages, never on a workspace link, so a package that cannot be used from
 * its tarball (TypeScript sources, a file outside it, a dependency only the workspace has)
 * fails where it is installed.
 */
export const EXAMPLE = path.join(REPO, 'examples/remote-outside');

/** `pnpm <args>` in `cwd`; throws with its output when it fails. */
export function pnpmIn(cwd: string, ...args: string[]): string {
  const result = spawnSync('pnpm', args, { cwd, encoding: 'utf8', env: { ...process.env, CI: '' } });
  if (result.status !== 0)
    throw new Error(`pnpm ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Packs the published packages and installs the example from the tarballs, from nothing. */
export function installExample(): void {
  packPackages();
  for (const name of ['node_modules', 'dist', 'pnpm-lock.yaml'])
    fs.rmSync(path.join(EXAMPLE, name), { recursive: true, force: true });
  pnpmIn(EXAMPLE, 'install', '--no-frozen-lockfile');
}
