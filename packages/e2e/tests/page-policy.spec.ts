import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { paths } from '@manager/contract';
import { E2E } from '@manager/stack/ports';
import { adminApi } from './support/api';
import { RELEASES_DIR, expectUpdateOffered, updateButton } from './support/releases';
import { expect, test } from './support/test';
import { usersPage } from './support/users';

// The console page's policy (docs/security.md, "Console page policy"): every route of the route
// table loads under it with nothing refused (the `test` of support/test.ts fails a test on any
// refusal), its answers carry the headers, what an attacker would inject or frame is refused,
// and the policy follows the live remotes.json.

const CONSOLE = `http://localhost:${E2E.console}`;

/** Every route of the table but the sign-in page; the detail route with a real player's id. */
async function signedInRoutes(request: APIRequestContext): Promise<string[]> {
  const id = (await usersPage(await adminApi(request), 'page=1')).users[0]!.telegramId;
  return Object.values(paths)
    .map((p) => (typeof p === 'function' ? p(id) : p))
    .filter((p) => p !== paths.login);
}

/** A Content-Security-Policy as directive -> its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...list]) => [name!, list]),
  );
}

/** The page answer's headers hold the policy and its companions; returns the policy's directives. */
function expectPageHeaders(response: Pick<Response, 'headers'> | null, route: string): Map<string, string[]> {
  expect(response, `${route}: a page answer`).not.toBeNull();
  const headers = response!.headers();
  expect(headers['x-frame-options'], route).toBe('DENY');
  expect(headers['x-content-type-options'], route).toBe('nosniff');
  expect(headers['referrer-policy'], route).toBe('no-referrer');
  const policy = directives(headers['content-security-policy'] ?? '');
  const script = policy.get('script-src') ?? [];
  expect(script, `${route}: script-src`).toContain("'self'");
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:', 'data:', 'blob:']) {
    expect(script, `${route}: script-src without ${loose}`).not.toContain(loose);
  }
  expect(policy.get('object-src'), route).toEqual(["'none'"]);
  expect(policy.get('base-uri'), route).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), route).toEqual(["'none'"]);
  return policy;
}

/** The page shows its content: its heading, and no spinner or skeleton left. */
async function waitForContent(page: Page, route: string) {
  await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]')).toHaveCount(0);
}

/** The origin of each remote's manifest in the remotes.json the console serves now. */
async function servedRemoteOrigins(request: APIRequestContext): Promise<string[]> {
  const served = (await (await request.get(`${CONSOLE}/remotes.json`)).json()) as Record<
    string,
    { entry: string }
  >;
  return Object.values(served).map(({ entry }) => new URL(entry, `${CONSOLE}/remotes.json`).origin);
}

test.describe('the console page policy', () => {
  // 24 routes, each loaded to its content: about 5 minutes on a busy 2-core machine.
  test.describe.configure({ timeout: 600_000 });

  test('every route of the route table loads with nothing refused, under a policy naming the API and the remotes', async ({
    page,
    request,
    csp,
  }) => {
    const routes = await signedInRoutes(request);
    expect(routes).toHaveLength(24);
    const remotes = await servedRemoteOrigins(request);
    const config = (await (await request.get(`${CONSOLE}/config.json`)).json()) as { apiBaseUrl: string };
    for (const route of routes) {
      const policy = expectPageHeaders(await page.goto(route), route);
      expect(policy.get('script-src'), route).toEqual(expect.arrayContaining(remotes));
      expect(policy.get('connect-src'), route).toEqual(
        expect.arrayContaining([new URL(config.apiBaseUrl).origin, ...remotes]),
      );
      await waitForContent(page, route);
      expect(csp.seen(), route).toEqual([]);
    }
  });

  test.describe('signed out', () => {
    test.use({ storageState: { cookies: [], origins: [] } });
    test('the sign-in page has the same headers and loads with nothing refused', async ({ page }) => {
      expectPageHeaders(await page.goto(paths.login), paths.login);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
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
      await expect.poll(() => csp.seen().map((v) => v.page)).toContain(`${CONSOLE}${paths.login}`);
    } finally {
      await other.close();
    }
  });

  test('another site cannot show the console in a frame', async ({ page }) => {
    const framer = 'http://framer.invalid/';
    await page.route(framer, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>framer</title><iframe src="${CONSOLE}${paths.dashboard}"></iframe>`,
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
    const html = await (await request.get(`${CONSOLE}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'a script of index.html').toBeDefined();
    const remote = (await servedRemoteOrigins(request))[0]!;
    for (const url of [
      `${CONSOLE}${asset}`,
      `${CONSOLE}/config.json`,
      `${CONSOLE}/remotes.json`,
      `${CONSOLE}/theme-before-paint.js`,
      `${CONSOLE}/missing.js`,
      `${remote}/mf-manifest.json`,
    ]) {
      const response = await request.get(url);
      expect(response.headers()['x-content-type-options'], url).toBe('nosniff');
    }
  });

  test.describe('a remote promoted to an origin the policy did not name', () => {
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
  });
});
