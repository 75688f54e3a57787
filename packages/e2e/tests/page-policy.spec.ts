import { paths } from '@manager/contract';
import { CONSOLE_URL } from './support/env';
import { PUBLIC_PAGES, expectPageHeaders, servedRemoteOrigins, waitForContent } from './support/page-policy';
import { expect, test } from './support/test';

test.describe('Shell: page-policy', { tag: '@shell' }, () => {
  // The console page's policy (docs/security.md, "Console page policy"): its answers carry the
  // headers, what an attacker would inject or frame is refused (the `test` of support/test.ts
  // fails a test on any other refusal), every route loads under it with nothing refused
  // (smoke.spec.ts) and it follows the live remotes.json (page-policy-promotion.spec.ts).

  test.describe('the console page policy', () => {
    test.describe('signed out', () => {
      test.use({ storageState: { cookies: [], origins: [] } });
      test('the sign-in and enrolment pages have the same headers and load with nothing refused', async ({
        page,
      }) => {
        expectPageHeaders(await page.goto(paths.login), paths.login);
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        expectPageHeaders(await page.goto(PUBLIC_PAGES[1]!), PUBLIC_PAGES[1]!);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      });
    });

    test('an injected inline script, event handler or string timer does not run, and each is reported', async ({
      page,
      csp,
    }) => {
      await page.goto(paths.dashboard);
      await waitForContent(page, paths.dashboard);
      csp.allow(/inline|eval/i);
      // What a script injection would add to the page (page.evaluate itself is the browser's
      // debugger, which the policy does not govern; what it adds to the page is).
      const ran = await page.evaluate(async () => {
        const w = window as unknown as Record<string, unknown>;
        const script = document.createElement('script');
        script.textContent = 'window.__injectedScript = true';
        document.head.append(script);
        const holder = document.createElement('div');
        holder.innerHTML = '<img src="data:image/png;base64,AAAA" onerror="window.__injectedHandler = true">';
        document.body.append(holder);
        (setTimeout as unknown as (code: string, ms: number) => number)('window.__injectedTimer = true', 0);
        await new Promise((resolve) => setTimeout(resolve, 500));
        return {
          script: w.__injectedScript ?? false,
          handler: w.__injectedHandler ?? false,
          timer: w.__injectedTimer ?? false,
        };
      });
      expect(ran).toEqual({ script: false, handler: false, timer: false });
      const reports = () => csp.seen().map((v) => v.report);
      await expect.poll(reports).toContainEqual(expect.stringMatching(/^script-src-elem refused inline/));
      await expect.poll(reports).toContainEqual(expect.stringMatching(/^script-src-attr refused inline/));
      await expect.poll(reports).toContainEqual(expect.stringMatching(/^script-src refused eval/));
    });

    test('a refusal in a browser context the test made itself is seen too', async ({ browser, csp }) => {
      const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      try {
        const page = await other.newPage();
        await page.goto(paths.login);
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        csp.allow(/inline/);
        await page.evaluate(() =>
          document.head.append(Object.assign(document.createElement('script'), { textContent: 'void 0' })),
        );
        await expect.poll(() => csp.seen().map((v) => v.page)).toContain(`${CONSOLE_URL}${paths.login}`);
      } finally {
        await other.close();
      }
    });

    test('another site cannot show the console in a frame', async ({ page }) => {
      const framer = 'http://framer.invalid/';
      await page.route(framer, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>framer</title><iframe src="${CONSOLE_URL}${paths.dashboard}"></iframe>`,
        }),
      );
      await page.goto(framer);
      // The browser replaces a refused frame with its own error page; the console never runs there.
      const child = () =>
        page
          .frames()
          .find((f) => f !== page.mainFrame())
          ?.url();
      await expect.poll(child).toBe('chrome-error://chromewebdata/');
      await expect(page.frameLocator('iframe').locator('#root')).toHaveCount(0);
    });

    test("a remote's own page (its dev harness) has the page headers, with its own config.json's API", async ({
      request,
    }) => {
      const remote = (await servedRemoteOrigins(request))[0]!;
      const response = await request.get(`${remote}/`);
      expect(response.headers()['content-type']).toContain('text/html');
      const config = (await (await request.get(`${remote}/config.json`)).json()) as { apiBaseUrl: string };
      const policy = expectPageHeaders(response, remote);
      expect(policy.get('connect-src')).toContain(new URL(config.apiBaseUrl).origin);
    });

    test('every static answer says nosniff', async ({ request }) => {
      const html = await (await request.get(`${CONSOLE_URL}/`)).text();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset, 'a script of index.html').toBeDefined();
      const remote = (await servedRemoteOrigins(request))[0]!;
      for (const url of [
        `${CONSOLE_URL}${asset}`,
        `${CONSOLE_URL}/config.json`,
        `${CONSOLE_URL}/remotes.json`,
        `${CONSOLE_URL}/theme-before-paint.js`,
        `${CONSOLE_URL}/missing.js`,
        `${remote}/mf-manifest.json`,
      ]) {
        const response = await request.get(url);
        expect(response.headers()['x-content-type-options'], url).toBe('nosniff');
      }
    });
  });
});
