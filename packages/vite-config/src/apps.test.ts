import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import apps from '../../contract/src/apps.json';
import { REMOTE_LABELS, REMOTE_NAMES, REMOTE_PREFIXES } from '../../contract/src/routes';
import { APP_PORTS } from './federation-shared.ts';
import { WORKSPACE_ROOT } from './workspace.ts';

/**
 * The one list of apps (packages/contract/src/apps.json) against what the repository holds, so
 * a remote added or renamed in one place and not the others fails here (docs/remotes.md).
 */
const read = (file: string) => readFileSync(new URL(file, WORKSPACE_ROOT), 'utf8');

describe('the list of apps', () => {
  it('names the remotes of the route table, in its order, with their labels and prefixes', () => {
    expect(Object.keys(apps.remotes)).toEqual([...REMOTE_NAMES]);
    expect(Object.keys(REMOTE_LABELS).sort()).toEqual([...REMOTE_NAMES].sort());
    expect(Object.keys(REMOTE_PREFIXES).sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('holds every mf-* folder of the repository, and each listed folder is an app built with its federation name', () => {
    const folders = readdirSync(WORKSPACE_ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-'))
      .map((entry) => entry.name)
      .sort();
    expect(
      Object.values(apps.remotes)
        .map((remote) => remote.folder)
        .sort(),
    ).toEqual(folders);
    for (const { folder } of Object.values(apps.remotes)) {
      expect(existsSync(new URL(`${folder}/package.json`, WORKSPACE_ROOT)), folder).toBe(true);
      expect(read(`${folder}/vite.config.ts`)).toContain(`remoteViteConfig('${folder.replace('-', '_')}'`);
    }
  });

  it('gives every app its own port for `pnpm start` and another for its dev server, no two alike', () => {
    const all = [apps.shell, ...Object.values(apps.remotes)];
    const ports = all.flatMap((app) => [app.port, app.devPort]);
    expect(new Set(ports).size).toBe(ports.length);
    // The test stack takes `pnpm start`'s plus 100 (and more with E2E_PORT_OFFSET): not these.
    for (const app of all) expect(app.devPort, app.folder).toBeGreaterThanOrEqual(5000);
    expect(APP_PORTS).toEqual(
      Object.fromEntries([
        ['shell', apps.shell.port],
        ...Object.values(apps.remotes).map((r) => [r.folder.replace('-', '_'), r.port]),
      ]),
    );
  });

  it('is what ESLint and the stack read, not a copy', () => {
    expect(read('eslint.config.js')).toContain("from './packages/contract/src/apps.json'");
    expect(read('packages/stack/src/apps.ts')).toContain('@manager/contract/apps.json');
    expect(read('packages/api/src/config-env.ts')).toContain('CONSOLE_APPS');
  });
});
