import type { Browser, Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { REMOTE_LABELS, REMOTE_NAMES } from '@manager/contract';
import { E2E } from '@manager/stack/ports';
import { ADMIN_2FA, fillLogin } from './support/env';
import { toastWith } from './support/page';
import {
  cli,
  expectNoUpdateAfterCheck,
  expectUpdateOffered,
  releasesCli,
  releaseSettings,
  resetReleases,
  shellBuild,
  updateButton,
  type ReleaseInfo,
} from './support/releases';
import { admin2faCodes } from './support/settings';
import { TIMELINE_TEXT, WorkspaceCopy } from './support/workspace-copy';

test.describe(
  'Settings: releases',
  stackOnly("the stack's releases folder, and promote and rollback on it", '@settings', '@stack-wide'),
  () => {
    /**
     * How a team ships `mf-settings` without rebuilding the shell, against the running stack:
     * releases built in a throwaway copy of the workspace (support/workspace-copy.ts), each with
     * a marker line on the Settings page, promoted, tried as a canary, rolled back, refused for
     * skew, taken by an open console in place. The tests run in order: each starts from the live
     * release the one before left. The stack's release folder is emptied before and after, so
     * the other specs see the working tree's builds.
     */
    test.describe.configure({ mode: 'serial' });

    const MARKERS = {
      a: 'Release A of Settings',
      b: 'Release B of Settings',
      skew: 'Release built against ui 0.99.0',
    };
    const SKEW_UI = '0.99.0';

    let copy: WorkspaceCopy | undefined;
    let a: ReleaseInfo;
    let b: ReleaseInfo;
    let skew: ReleaseInfo;

    test.beforeAll(async () => {
      // Three real builds of mf-settings.
      test.setTimeout(300_000);
      resetReleases();
      copy = WorkspaceCopy.create();
      a = await releaseSettings(copy, { marker: MARKERS.a, timeline: true });
      b = await releaseSettings(copy, { marker: MARKERS.b });
      skew = await releaseSettings(copy, { marker: MARKERS.skew, uiVersion: SKEW_UI });
    });

    test.afterAll(() => {
      resetReleases();
      copy?.remove();
    });

    const marker = (page: Page, text: string) => page.getByText(text, { exact: true });
    const settingsHeading = (page: Page) =>
      page.getByRole('heading', { level: 1, name: 'Settings', exact: true });

    async function openSettings(page: Page, shows: string | null) {
      await page.goto('/settings');
      await expect(settingsHeading(page)).toBeVisible();
      if (shows) await expect(marker(page, shows)).toBeVisible();
    }

    /** A flag on the window that only a full page load would clear. */
    async function markWindow(page: Page) {
      await page.evaluate(
        () => ((window as unknown as { __releasesSpec?: string }).__releasesSpec = 'same document'),
      );
    }
    const windowMark = (page: Page) =>
      page.evaluate(() => (window as unknown as { __releasesSpec?: string }).__releasesSpec);

    async function takeUpdate(page: Page, shows: string) {
      await expectUpdateOffered(page);
      await updateButton(page).click();
      await expect(marker(page, shows)).toBeVisible();
      await expect(updateButton(page)).toHaveCount(0);
    }

    /** Opens the top bar's About dialog. */
    async function openAbout(page: Page) {
      await page.getByRole('button', { name: 'About' }).click();
      const about = page.getByRole('dialog', { name: 'About' });
      await expect(about).toBeVisible();
      return about;
    }

    /** `admin2fa` signed in through the console in a browser context of their own. */
    async function signInAdmin2fa(browser: Browser) {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      const codes = admin2faCodes();
      await page.goto('/login');
      await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
      await page.getByLabel('Authentication code').fill(await codes.next());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      return { context, page };
    }

    test(
      'a promoted release reaches an open console as "Update Settings" and is swapped in without a reload',
      { tag: '@journey' },
      async ({ page }) => {
        await openSettings(page, null);
        await expect(marker(page, MARKERS.a)).toHaveCount(0);
        await markWindow(page);
        let loads = 0;
        page.on('load', () => (loads += 1));
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });

        // Not verified (`pnpm verify` runs the smoke and journeys, minutes): refused, then forced.
        const unverified = await releasesCli(['promote', 'settings', a.version]);
        expect(unverified.code).toBe(1);
        expect(unverified.output).toContain(`settings ${a.version} has not been verified`);
        await cli('promote', 'settings', a.version, '--force');
        await takeUpdate(page, MARKERS.a);

        // The same document and session: no reload, still signed in, still on the page.
        expect(await windowMark(page)).toBe('same document');
        expect(loads).toBe(0);
        await expect(page).toHaveURL(/\/settings$/);
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
        // The release uses an antd component the console's own pages never use: it renders, from the
        // console's own `ui` (the on-demand chunk of the shell's build), not from the fallback copy of
        // `ui` that federation builds into every remote.
        await expect(page.getByText(TIMELINE_TEXT, { exact: true })).toBeVisible();
        await expect(page.getByText('is unavailable')).toHaveCount(0);
        const timelineChunks = scripts.filter((url) => /\/timeline-[\w-]+\.js$/.test(url));
        expect(timelineChunks).toEqual([
          expect.stringMatching(new RegExp(`^http://localhost:${E2E.console}/assets/timeline-`)),
        ]);
      },
    );

    test('the About dialog lists the shell and each remote with version, build time and commit; the API hears them', async ({
      page,
    }) => {
      await openSettings(page, MARKERS.a);
      const about = await openAbout(page);
      const shell = shellBuild();
      const shellSection = about.getByRole('region', { name: 'Shell', exact: true });
      await expect(shellSection).toContainText(shell.version);
      await expect(shellSection).toContainText(shell.commit);
      const settings = about.getByRole('region', { name: 'Settings', exact: true });
      await expect(settings).toContainText(a.version);
      await expect(settings).toContainText(a.commit);
      await expect(settings).toContainText('Running in this tab');
      await expect(settings).not.toContainText('canary');
      // Every remote has its line, opened in this tab or not.
      for (const name of REMOTE_NAMES) {
        await expect(about.getByRole('region', { name: REMOTE_LABELS[name], exact: true })).toContainText(
          'Version',
        );
      }
      await about.getByRole('button', { name: 'Close' }).click();

      // The API hears the same: the console's calls name the Settings build this tab runs.
      const sent = page.waitForRequest(
        (r) =>
          new URL(r.url()).pathname === '/manager/audit' &&
          (r.headers()['x-console-version'] ?? '').includes(`settings@${a.version}`),
      );
      await page.getByRole('navigation').getByRole('menuitem', { name: 'Audit Log' }).click();
      await sent;
    });

    test('a canary reaches admin2fa only, and a rollback takes it back', async ({ page, browser }) => {
      test.setTimeout(120_000);
      await openSettings(page, MARKERS.a);
      // A typo reaches nobody: the stack's API says no administrator has that name.
      const typo = await releasesCli([
        'promote',
        'settings',
        b.version,
        '--canary',
        `${ADMIN_2FA.username}x`,
      ]);
      expect(typo.code, typo.output).toBe(1);
      expect(typo.output).toContain(`no administrator is named ${ADMIN_2FA.username}x`);
      await cli('promote', 'settings', b.version, '--canary', ADMIN_2FA.username, '--force');

      const second = await signInAdmin2fa(browser);
      try {
        await openSettings(second.page, MARKERS.b);
        const about = await openAbout(second.page);
        const settings = about.getByRole('region', { name: 'Settings', exact: true });
        await expect(settings).toContainText(b.version);
        await expect(settings).toContainText('canary');
        await about.getByRole('button', { name: 'Close' }).click();
        await expect(about).toBeHidden();

        // admin keeps the live release, in the open tab and on a new load.
        await expectNoUpdateAfterCheck(page);
        await expect(marker(page, MARKERS.a)).toBeVisible();
        await openSettings(page, MARKERS.a);
        await expect(marker(page, MARKERS.b)).toHaveCount(0);

        // Rolling back a canary removes it: admin2fa's open console offers the live release again.
        await cli('rollback', 'settings');
        await takeUpdate(second.page, MARKERS.a);
        await expect(marker(second.page, MARKERS.b)).toHaveCount(0);
      } finally {
        await second.context.close();
      }
    });

    test('with unsaved input in the area, taking the update asks first', async ({ page }) => {
      await openSettings(page, MARKERS.a);
      const rate = page.getByLabel('Play to Stars Rate');
      await expect(rate).not.toHaveValue('');
      const stored = await rate.inputValue();
      await rate.fill('987.65');

      await cli('promote', 'settings', b.version, '--force');
      await expectUpdateOffered(page);
      await updateButton(page).click();
      const ask = page.getByRole('dialog', { name: 'Settings has unsaved changes' });
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await expect(ask).toBeHidden();
      await expect(rate).toHaveValue('987.65');
      await expect(marker(page, MARKERS.a)).toBeVisible();

      await updateButton(page).click();
      await ask.getByRole('button', { name: 'Update anyway' }).click();
      await expect(marker(page, MARKERS.b)).toBeVisible();
      await expect(page.getByLabel('Play to Stars Rate')).toHaveValue(stored);
    });

    test('a rollback points back to the release promoted before', async ({ page }) => {
      // B was promoted over A: rolling back makes A live again.
      await openSettings(page, MARKERS.b);
      await cli('rollback', 'settings');
      await takeUpdate(page, MARKERS.a);
      // `pnpm releases` marks it live.
      const listed = (await cli('releases', 'settings')).split('\n');
      const row = (version: string) => listed.find((line) => line.startsWith(`${version} `));
      expect(row(a.version)).toMatch(/not verified +live$/);
      expect(row(b.version)).not.toContain('live');
    });

    test('an override to an allowed origin loads in this tab only once confirmed; one to a foreign origin is refused', async ({
      page,
    }) => {
      // remoteOverrideOrigins of the stack's config.json: the console's own origin.
      const allowed = `http://localhost:${E2E.console}/releases/settings/${b.version}/mf-manifest.json`;
      const link = `/settings?override.settings=${encodeURIComponent(allowed)}`;
      const ask = page.getByRole('dialog', { name: 'Load a test build of Settings?' });
      const testBuild = page.getByRole('button', { name: 'Test build: Settings' });

      // A link alone changes nothing: the console asks, naming the build.
      await page.goto(link);
      await expect(ask).toContainText(allowed);
      await expect(marker(page, MARKERS.b)).toHaveCount(0);
      await ask.getByRole('button', { name: 'Ignore' }).click();
      await expect(marker(page, MARKERS.a)).toBeVisible();
      await expect(testBuild).toHaveCount(0);
      await page.reload();
      await expect(marker(page, MARKERS.a)).toBeVisible();
      await expect(ask).toHaveCount(0);

      // Confirmed: swapped in at once, kept for this tab, out of the address bar, shown in the top bar.
      await page.goto(link);
      await ask.getByRole('button', { name: 'Load test build' }).click();
      await expect(marker(page, MARKERS.b)).toBeVisible();
      await expect(testBuild).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);
      await page.reload();
      await expect(marker(page, MARKERS.b)).toBeVisible();
      await expect(ask).toHaveCount(0);
      const about = await openAbout(page);
      await expect(about.getByRole('region', { name: 'Settings', exact: true })).toContainText('override');
      await expect(about.getByRole('region', { name: 'Settings', exact: true })).toContainText(b.version);
      await about.getByRole('button', { name: 'Close' }).click();
      // The top bar's button ends it: the live build is swapped back in, without a reload.
      await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
      await testBuild.click();
      await expect(marker(page, MARKERS.a)).toBeVisible();
      await expect(testBuild).toHaveCount(0);
      expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

      // An empty override clears it too.
      await page.goto(link);
      await ask.getByRole('button', { name: 'Load test build' }).click();
      await expect(marker(page, MARKERS.b)).toBeVisible();
      await page.goto('/settings?override.settings=');
      await expect(marker(page, MARKERS.a)).toBeVisible();
      await expect(testBuild).toHaveCount(0);

      const foreignOrigin = `http://127.0.0.1:${E2E.settings}`;
      await page.goto(
        `/settings?override.settings=${encodeURIComponent(`${foreignOrigin}/mf-manifest.json`)}`,
      );
      await expect(
        toastWith(page, `Override of Settings refused: ${foreignOrigin} is not allowed`),
      ).toBeVisible();
      await expect(ask).toHaveCount(0);
      await expect(marker(page, MARKERS.a)).toBeVisible();
    });

    test('a release built against a newer ui is refused unless forced, then shows the skew message and the rest works', async ({
      page,
    }) => {
      expect(skew.shared['@manager/ui']).toBe(SKEW_UI);
      const has = shellBuild().shared['@manager/ui'];
      const message = `Settings needs a newer console (ui >= ${SKEW_UI}, this console has ${has})`;

      const refused = await releasesCli(['promote', 'settings', skew.version]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(message);
      await cli('promote', 'settings', skew.version, '--force');

      await page.goto('/settings');
      await expect(page.getByText(message)).toBeVisible();
      await expect(marker(page, MARKERS.skew)).toHaveCount(0);

      // The rest of the console works: the shell's dashboard and another remote.
      await page.getByRole('navigation').getByRole('menuitem', { name: 'Home' }).click();
      await expect(page.getByText('Total Ton', { exact: true })).toBeVisible();
      await page.goto('/game/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Game Settings' })).toBeVisible();
    });
  },
);
