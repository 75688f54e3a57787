import fs from 'node:fs';
import path from 'node:path';
import { paths } from '@manager/contract';
import { E2E } from '@manager/stack/ports';
import { expectPageHeaders, waitForContent } from './support/page-policy';
import { RELEASES_DIR, expectUpdateOffered, updateButton } from './support/releases';
import { expect, test, stackOnly } from './support/test';

// The console page's policy follows the live remotes.json (docs/security.md, "Console page
// policy"): a remote moved to an origin the policy of an open page does not name is refused
// there, and allowed from the next page load. It moves Settings for every open console, so it
// runs after every area, alone (@stack-wide).
test.describe(
  'Shell: a remote promoted to an origin the policy did not name',
  stackOnly("the stack's releases folder: it moves a remote to another origin", '@shell', '@stack-wide'),
  () => {
    const pointer = path.join(RELEASES_DIR, 'remotes.json');
    const newOrigin = `http://127.0.0.1:${E2E.settings}`;
    let before: string | null = null;
    test.beforeEach(() => {
      before = fs.existsSync(pointer) ? fs.readFileSync(pointer, 'utf8') : null;
    });
    test.afterEach(() => {
      if (before === null) fs.rmSync(pointer, { force: true });
      else fs.writeFileSync(pointer, before);
    });

    /** What `pnpm promote` does to the live pointer, with the build on another origin (a CDN). */
    function moveSettings() {
      const live = {
        ...(before ? (JSON.parse(before) as object) : {}),
        settings: { entry: `${newOrigin}/mf-manifest.json` },
      };
      fs.mkdirSync(RELEASES_DIR, { recursive: true });
      fs.writeFileSync(`${pointer}.tmp`, JSON.stringify(live));
      fs.renameSync(`${pointer}.tmp`, pointer);
    }

    test('an open console keeps the policy it was loaded with: the update is refused, the area keeps its build', async ({
      page,
      csp,
    }) => {
      expect(
        expectPageHeaders(await page.goto(paths.settings), paths.settings).get('connect-src'),
      ).not.toContain(newOrigin);
      await waitForContent(page, paths.settings);
      moveSettings();
      csp.allow(new RegExp(newOrigin.replace(/[.]/g, '\\.')));
      await expectUpdateOffered(page);
      await updateButton(page).click();
      await expect
        .poll(() => csp.seen().map((v) => v.report))
        .toContainEqual(
          expect.stringMatching(new RegExp(`^connect-src refused ${newOrigin}/mf-manifest\\.json`)),
        );
      await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
      await expect(page.getByText('is unavailable')).toHaveCount(0);
    });

    test('is allowed from the next page load, and loads with nothing refused', async ({ page }) => {
      const first = expectPageHeaders(await page.goto(paths.settings), paths.settings);
      expect(first.get('script-src')).not.toContain(newOrigin);
      await waitForContent(page, paths.settings);
      moveSettings();

      const fromNewOrigin: string[] = [];
      page.on('request', (r) => void (r.url().startsWith(`${newOrigin}/`) && fromNewOrigin.push(r.url())));
      const next = expectPageHeaders(await page.goto(paths.settings), paths.settings);
      expect(next.get('script-src')).toContain(newOrigin);
      expect(next.get('connect-src')).toContain(newOrigin);
      await waitForContent(page, paths.settings);
      expect(
        fromNewOrigin.some((url) => url.endsWith('/remoteEntry.js')),
        'the entry came from the new origin',
      ).toBe(true);
    });
  },
);
