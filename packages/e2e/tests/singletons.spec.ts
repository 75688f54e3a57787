import { test, expect } from './support/test';
import { CONSOLE_URL } from './support/env';
import { servedRemoteOrigins } from './support/page-policy';
import { apiToken, apiUsers } from './support/users';

// Reads only (@smoke): the remotes and the shared libraries load once, on any environment.
test.describe('Shell: singletons', { tag: ['@shell', '@smoke'] }, () => {
  const PAGES = [
    '/dashboard',
    '/game/settings',
    '/marketplace/settings',
    '/transactions/packages',
    '/tasks/static',
    '/settings',
  ];

  test('React, antd and the platform package are each loaded once across shell and remotes', async ({
    page,
    request,
  }) => {
    // Seven routes of four remotes, each loaded cold: under `pnpm verify` beside the rest of the
    // suite on two cores the walk ran out of its minute on a menu click that had landed.
    test.slow();
    const remoteOrigins = await servedRemoteOrigins(request);
    const fromRemote = (url: string) => remoteOrigins.includes(new URL(url).origin);
    // Every copy of react-dom registers its renderer with the DevTools hook: count them.
    await page.addInitScript(() => {
      const renderers: unknown[] = [];
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          renderers: new Map(),
          supportsFiber: true,
          inject(r: unknown) {
            renderers.push(r);
            return renderers.length;
          },
          onScheduleFiberRoot() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
          injected: renderers,
        },
      });
    });
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });

    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Navigate inside the SPA too, so remotes load into one living page.
    }
    await page.goto('/dashboard');
    for (const [group, item, url] of [
      ['Game', 'List', /\/game\/list$/],
      [null, 'Settings', /\/settings$/],
      [null, 'Mailing', /\/mailing$/],
      ['Transactions', 'Inventory', /\/transactions\/inventory$/],
      ['Shop', 'Orders', /\/shop\/orders$/],
    ] as const) {
      const nav = page.getByRole('navigation');
      const target = nav.getByRole('menuitem', { name: item, exact: true }).last();
      // A group toggles open and closed with an animation: open it only when needed, and retry
      // the click as one step if it landed mid-animation.
      await expect(async () => {
        if (group && !(await target.isVisible())) await nav.getByText(group, { exact: true }).click();
        await target.click({ timeout: 3000 });
        await expect(page).toHaveURL(url, { timeout: 3000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }

    const probe = await page.evaluate(() => ({
      renderers: (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { injected: unknown[] } })
        .__REACT_DEVTOOLS_GLOBAL_HOOK__.injected.length,
      platforms: window.__MANAGER_PLATFORM__?.instances.length,
    }));
    expect(probe.platforms).toBe(1);
    expect(probe.renderers).toBe(1);

    // The remotes' own fallback copies of the shared libraries are never fetched.
    const fallbackCopies = scripts.filter(
      (u) => fromRemote(u) && /__prebuild__(react|antd|zustand|platform|_mf_0_manager)/.test(u),
    );
    expect(fallbackCopies).toEqual([]);
    expect(scripts.some(fromRemote)).toBe(true);
  });

  test("antd's on-demand components come from the shell's copy and use the console theme", async ({
    page,
    request,
  }) => {
    // ui/src/antd-on-demand.ts: forms, tables, tabs and overlays load in a chunk of their own.
    // Served by the shell (the provider of the shared ui), it shares antd's config context with
    // the first chunk, so the ConfigProvider's theme reaches them; a second antd would not see it.
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    const token = await apiToken(request);
    const user = (await apiUsers(request, token, 'page=3')).users[0]!;
    await page.goto(`/users/detail/${user.telegramId}`);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await expect(page.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'true');
    // The tabs' ink bar is colorPrimary: consoleTheme's #0958d9, not antd's default #1677ff.
    await expect(page.locator('.ant-tabs-ink-bar').first()).toHaveCSS('background-color', 'rgb(9, 88, 217)');

    const onDemand = scripts.filter((u) => /\/antd-heavy-[\w-]+\.js$/.test(u));
    expect(onDemand).toHaveLength(1);
    expect(new URL(onDemand[0]!).origin).toBe(new URL(CONSOLE_URL).origin);
  });
});
