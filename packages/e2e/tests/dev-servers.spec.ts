import path from 'node:path';
import { apps } from '@manager/stack/apps';
import { E2E } from '@manager/stack/ports';
import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { API, API_KEY_HEADERS, fillLogin } from './support/env';
import { startDevServer, stopDevServer } from './support/dev-server';
import { REPO } from './support/workspace-copy';

/**
 * The dev servers (`pnpm dev` of an app, packages/vite-config/src/dev-server.ts) as a feature
 * team runs them. PORT_OFFSET moves their ports (5173-5178) apart from `pnpm start`'s, the
 * stack's and another worker's; each test has its own.
 */
const offsetOf = (slot: number) => 130 + 10 * slot + E2E.offset;
const devPortOf = (app: 'shell' | 'mf-users', offset: number) =>
  (app === 'shell' ? apps.shell.devPort : apps.remotes.users.devPort) + offset;

/** Opens `url` and expects `label`, with no error thrown in the page. */
async function expectPageLoads(page: Page, url: string, label: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await expect(page.getByLabel(label)).toBeVisible({ timeout: 60_000 });
  expect(errors).toEqual([]);
}

test.describe('Users: the dev loop', stackOnly("starts the repository's own dev servers", '@users'), () => {
  // The second start reads Vite's dependency cache (node_modules/.vite) warm: the case that once
  // showed a blank page (federationShared, packages/vite-config). The first makes sure it is
  // there, whatever an earlier run left.
  for (const [slot, app, label] of [
    [0, 'mf-users', 'Username or Email'],
    [1, 'shell', 'Username'],
  ] as const) {
    test(`${app}'s dev server started twice shows its page each time`, async ({ browser }) => {
      test.setTimeout(240_000);
      const port = devPortOf(app, offsetOf(slot));
      for (let start = 1; start <= 2; start += 1) {
        const server = await startDevServer(path.join(REPO, app), port, {
          PORT_OFFSET: String(offsetOf(slot)),
        });
        const context = await browser.newContext();
        try {
          await expectPageLoads(await context.newPage(), `http://localhost:${port}/`, label);
        } catch (error) {
          throw new Error(`start ${start} of ${app}: ${(error as Error).message}\n${server.output()}`, {
            cause: error,
          });
        } finally {
          await context.close();
          await stopDevServer(server);
        }
      }
    });
  }

  test("the shell's and the users remote's dev servers sign in and list users through their own origin, with no CORS", async ({
    browser,
    admin,
  }) => {
    test.setTimeout(240_000);
    // The stack's API lists only the stack's origins for CORS: a call from these pages
    // straight to it would be refused, so the list loading proves the calls went through the proxy.
    const offset = offsetOf(2);
    const env = { PORT_OFFSET: String(offset), API_URL: API, API_KEY: API_KEY_HEADERS['x-api-key'] };
    const shellPort = devPortOf('shell', offset);
    const usersPort = devPortOf('mf-users', offset);
    const servers = [
      await startDevServer(path.join(REPO, 'mf-users'), usersPort, env),
      await startDevServer(path.join(REPO, 'shell'), shellPort, env),
    ];
    try {
      for (const [origin, where] of [
        [`http://localhost:${usersPort}`, "the users remote's harness"],
        [`http://localhost:${shellPort}`, 'the shell, with the users remote from its dev server'],
      ] as const) {
        await test.step(where, async () => {
          const context = await browser.newContext();
          const page = await context.newPage();
          const elsewhere: string[] = [];
          // Only the dev servers of this offset (5173-5178 moved) are this page's: the stack's
          // console and API must see nothing from it.
          const devPorts = [apps.shell, ...Object.values(apps.remotes)].map((app) =>
            String(app.devPort + offset),
          );
          page.on('request', (r) => {
            const url = new URL(r.url());
            const local = ['localhost', '127.0.0.1'].includes(url.hostname);
            if (local && !devPorts.includes(url.port)) elsewhere.push(r.url());
          });
          try {
            await page.goto(`${origin}/login`);
            await fillLogin(page, admin.username, admin.password);
            await expect(page).not.toHaveURL(/\/login$/, { timeout: 60_000 });
            await page.goto(`${origin}/users/list`);
            await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 90_000 });
            expect(elsewhere, 'requests that left the dev servers').toEqual([]);
          } finally {
            await context.close();
          }
        });
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${servers.map((s) => s.output()).join('\n')}`, {
        cause: error,
      });
    } finally {
      for (const server of servers) await stopDevServer(server);
    }
  });
});
