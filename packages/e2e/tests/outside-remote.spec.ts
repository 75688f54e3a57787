import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packOf, packPackages, PUBLISHED_PACKAGES } from '@manager/stack/pack-packages';
import { E2E } from '@manager/stack/ports';
import { test, expect, stackOnly } from './support/test';
import { API, API_KEY_HEADERS, fillLogin } from './support/env';
import { startDevServer, stopDevServer } from './support/dev-server';
import { REPO } from './support/workspace-copy';

/**
 * A remote in a repository of its own (examples/remote-outside): it depends only on the
 * console's packed packages, never on a workspace link, so a package that cannot be used from
 * its tarball (TypeScript sources, a file outside it, a dependency only the workspace has)
 * fails here.
 */
const EXAMPLE = path.join(REPO, 'examples/remote-outside');
const OFFSET = 160 + E2E.offset;
const DEV_PORT = 5179 + OFFSET;

/** `pnpm <args>` in the example; throws with its output when it fails. */
function pnpm(...args: string[]): string {
  const result = spawnSync('pnpm', args, { cwd: EXAMPLE, encoding: 'utf8', env: { ...process.env, CI: '' } });
  if (result.status !== 0)
    throw new Error(`pnpm ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

const version = (folder: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(REPO, 'packages', folder, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

test.describe(
  'Shell: a remote outside the repository',
  stackOnly('packs, installs and serves a remote of its own', '@shell'),
  () => {
    test('builds from the packed packages alone, states their versions, and runs in the dev harness against the API', async ({
      page,
      admin,
    }) => {
      test.setTimeout(480_000);
      await test.step('pack the published packages and install the example from the tarballs', () => {
        packPackages();
        for (const name of ['node_modules', 'dist', 'pnpm-lock.yaml'])
          fs.rmSync(path.join(EXAMPLE, name), { recursive: true, force: true });
        pnpm('install', '--no-frozen-lockfile');
        // Each console package resolved from its tarball, a real folder: no link into the workspace.
        for (const folder of PUBLISHED_PACKAGES) {
          const installed = path.join(EXAMPLE, 'node_modules/@manager', folder);
          expect(fs.realpathSync(installed), folder).toContain(path.join(EXAMPLE, 'node_modules/.pnpm'));
          expect(fs.existsSync(path.join(installed, 'src')), `${folder} ships no sources`).toBe(false);
          expect(fs.existsSync(packOf(folder))).toBe(true);
        }
        // Plain Node loads the packages without a bundler (a team's unit tests, a config file):
        // their JavaScript names every file it imports.
        const node = spawnSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            "for (const m of ['contract', 'platform', 'vite-config']) await import(`@manager/${m}`);",
          ],
          { cwd: EXAMPLE, encoding: 'utf8' },
        );
        expect(node.stderr, 'node imports the packages').toBe('');
        expect(node.status).toBe(0);
      });

      await test.step('typecheck and build it', () => {
        pnpm('typecheck');
        pnpm('build');
        for (const file of ['mf-manifest.json', 'remoteEntry.js', 'build.json'])
          expect(fs.existsSync(path.join(EXAMPLE, 'dist', file)), file).toBe(true);
        // What its release states it needs: the versions it was built against (the skew guard).
        const build = JSON.parse(fs.readFileSync(path.join(EXAMPLE, 'dist/build.json'), 'utf8')) as {
          name: string;
          shared: Record<string, string>;
        };
        expect(build.name).toBe('mf-outside');
        expect(build.shared).toMatchObject({
          '@manager/platform': version('platform'),
          '@manager/ui': version('ui'),
        });
      });

      await test.step('its dev server signs in through its own origin and shows its page with data', async () => {
        const server = await startDevServer(EXAMPLE, DEV_PORT, {
          PORT_OFFSET: String(OFFSET),
          API_URL: API,
          API_KEY: API_KEY_HEADERS['x-api-key'],
        });
        try {
          await page.goto(`http://localhost:${DEV_PORT}/`);
          await fillLogin(page, admin.username, admin.password);
          await expect(page.getByRole('heading', { name: 'Balances at a glance' })).toBeVisible({
            timeout: 90_000,
          });
          const ton = page.getByRole('group', { name: 'Total TON' });
          await expect(ton).toContainText(/\d/, { timeout: 30_000 });
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${server.output()}`, { cause: error });
        } finally {
          await stopDevServer(server);
        }
      });
    });
  },
);
