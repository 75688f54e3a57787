import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packOf, PUBLISHED_PACKAGES } from '@manager/stack/pack-packages';
import { E2E } from '@manager/stack/ports';
import { test, expect, stackOnly } from './support/test';
import { API, API_KEY_HEADERS, fillLogin } from './support/env';
import { startDevServer, stopDevServer } from './support/dev-server';
import { EXAMPLE, installExample, pnpmIn } from './support/outside-remote';
import { expectAxeClean } from './support/passkeys';
import { cli, resetReleases, shellBuild } from './support/releases';
import { REPO } from './support/workspace-copy';

const OFFSET = 160 + E2E.offset;
const DEV_PORT = 5179 + OFFSET;
const pnpm = (...args: string[]) => pnpmIn(EXAMPLE, ...args);

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
        installExample();
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
        // Built against what this console runs, so its release needs nothing newer (the skew
        // guard): the example's pins of the shared libraries follow the console's.
        expect(build.shared).toEqual(shellBuild().shared);
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

test.describe(
  'Shell: a remote outside the repository, released into the console',
  stackOnly("promotes a release into the stack's releases folder", '@shell', '@stack-wide'),
  () => {
    test.afterAll(() => resetReleases());

    test('ships with pnpm release from its own folder and loads beside the other five, in the menu, the palette and About', async ({
      page,
    }) => {
      test.setTimeout(480_000);
      resetReleases();
      // Run alone (`--no-deps`), the install of the test before has not happened.
      if (!fs.existsSync(path.join(EXAMPLE, 'node_modules/@manager/vite-config'))) installExample();

      let version = '';
      await test.step('pnpm release <folder>, then promote it', async () => {
        const made = JSON.parse((await cli('release', EXAMPLE, '--json')).trim().split('\n').at(-1)!) as {
          remote: string;
          version: string;
        };
        expect(made.remote).toBe('outside');
        version = made.version;
        // Unverified (the journey specs are the console's, not this remote's): forced, and said.
        const promoted = await cli('promote', 'outside', version, '--force');
        expect(promoted).toContain(`outside ${version} is live for everyone`);
        expect(promoted).toContain('promoted unverified');
        expect(promoted).not.toContain('skew');
      });

      await test.step('its menu group opens its page, with data', async () => {
        await page.goto('/dashboard');
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        await menu.getByText('Outside', { exact: true }).click();
        await menu.getByRole('menuitem', { name: 'Balances at a glance' }).click();
        await expect(page).toHaveURL(/\/outside\/balances$/);
        const area = page.getByRole('region', { name: 'Outside' });
        await expect(area.getByRole('heading', { name: 'Balances at a glance' })).toBeVisible();
        await expect(area.getByRole('group', { name: 'Total TON' })).toContainText(/\d/);
        await expect(page).toHaveTitle(/Balances at a glance/);
        await expectAxeClean(page, 'the outside area (desktop, light)');
        // At a phone's width and in dark mode: the area draws with the console's theme.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.evaluate(() => localStorage.setItem('manager.theme', 'dark'));
        await page.reload();
        await expect(area.getByRole('group', { name: 'Total TON' })).toContainText(/\d/);
        await expectAxeClean(page, 'the outside area (phone, dark)');
        await page.evaluate(() => localStorage.removeItem('manager.theme'));
        await page.setViewportSize({ width: 1280, height: 720 });
      });

      await test.step('a link straight to it works, and the console areas load beside it', async () => {
        await page.goto('/outside/balances');
        await expect(page.getByRole('heading', { name: 'Balances at a glance' })).toBeVisible();
        await page.goto('/users/list');
        await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
        await page.goto('/outside/nothing-here');
        await expect(page.getByText('There is no page at /outside/nothing-here.')).toBeVisible();
      });

      await test.step('the palette finds its page and goes there', async () => {
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Search' }).click();
        const input = page.getByRole('combobox', { name: 'Go to page or find a user' });
        await input.pressSequentially('balances');
        await page
          .getByRole('dialog')
          .getByRole('option', { name: /Outside › Balances at a glance/ })
          .click();
        await expect(page).toHaveURL(/\/outside\/balances$/);
        await expect(page.getByRole('heading', { name: 'Balances at a glance' })).toBeVisible();
      });

      await test.step('About names its release', async () => {
        await page.getByRole('button', { name: 'About' }).click();
        const about = page.getByRole('dialog', { name: 'About' });
        await expect(about.getByRole('region', { name: 'Outside', exact: true })).toContainText(version);
      });

      await test.step('rolled back from its first release, it leaves the console and its address says so', async () => {
        expect(await cli('rollback', 'outside')).toContain(`outside ${version} taken down`);
        await page.goto('/outside/balances');
        await expect(page.getByText('There is no page at /outside/balances.')).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Outside')).toHaveCount(0);
      });
    });
  },
);
