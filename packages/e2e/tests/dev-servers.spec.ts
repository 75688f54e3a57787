import path from 'node:path';
import { apps } from '@manager/stack/apps';
import { E2E } from '@manager/stack/ports';
import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { API, API_KEY_HEADERS, fillLogin } from './support/env';
import { startDevServer, stopDevServer, type DevServer } from './support/dev-server';
import { REPO } from './support/workspace-copy';

/**
 * The dev servers (`pnpm dev` of an app, packages/vite-config/src/dev-server.ts) as a feature
 * team runs them. PORT_OFFSET moves their ports (5173-5178) apart from `pnpm start`'s, the
 * stack's and another worker's.
 */
const offset = 130 + E2E.offset;

/** Opens `url` and expects `label`, with no error thrown in the page. */
async function expectPageLoads(page: Page, url: string, label: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await expect(page.getByLabel(label)).toBeVisible({ timeout: 60_000 });
  expect(errors).toEqual([]);
}

test.describe('Users: the dev loop', stackOnly("starts the repository's own dev servers", '@users'), () => {
  // Both dev servers are started twice. The second start reads Vite's dependency cache
  // (node_modules/.vite) warm: the case that once showed a blank page (federationShared,
  // packages/vite-config). The first makes sure it is there, whatever an earlier run left.
  test("the shell's and the users remote's dev servers, started twice, show their pages; they sign in and list users through their own origin, with no CORS", async ({
    browser,
    admin,
  }) => {
    test.setTimeout(300_000);
    // The stack's API lists only the stack's origins for CORS: a call from these pages
    // straight to it would be refused, so the list loading proves the calls went through the proxy.
    const env = { PORT_OFFSET: String(offset), API_URL: API, API_KEY: API_KEY_HEADERS['x-api-key'] };
    const devApps = [
      {
        folder: 'mf-users',
        port: apps.remotes.users.devPort + offset,
        label: 'Username or Email',
        where: "the users remote's harness",
      },
      {
        folder: 'shell',
        port: apps.shell.devPort + offset,
        label: 'Username',
        where: 'the shell, with the users remote from its dev server',
      },
    ] as const;
    /** Starts both dev servers, runs `check` with them, and stops them; a failure shows their output. */
    const withServers = async (check: () => Promise<void>) => {
      const servers: DevServer[] = [];
      try {
        for (const app of devApps)
          servers.push(await startDevServer(path.join(REPO, app.folder), app.port, env));
        await check();
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${servers.map((s) => s.output()).join('\n')}`, {
          cause: error,
        });
      } finally {
        for (const server of servers) await stopDevServer(server);
      }
    };

    await withServers(async () => {
      for (const app of devApps) {
        await test.step(`first start: ${app.where}`, async () => {
          const context = await browser.newContext();
          try {
            await expectPageLoads(await context.newPage(), `http://localhost:${app.port}/`, app.label);
          } finally {
            await context.close();
          }
        });
      }
    });

    await withServers(async () => {
      for (const app of devApps) {
        const origin = `http://localhost:${app.port}`;
        await test.step(`second start: ${app.where}`, async () => {
          const context = await browser.newContext();
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          const elsewhere: string[] = [];
          // Only the dev servers of this offset (5173-5178 moved) are this page's: the stack's
          // console and API must see nothing from it.
          const devPorts = [apps.shell, ...Object.values(apps.remotes)].map((a) =>
            String(a.devPort + offset),
          );
          page.on('request', (r) => {
            const url = new URL(r.url());
            const local = ['localhost', '127.0.0.1'].includes(url.hostname);
            if (local && !devPorts.includes(url.port)) elsewhere.push(r.url());
          });
          try {
            await page.goto(`${origin}/login`);
            await expect(page.getByLabel(app.label)).toBeVisible({ timeout: 60_000 });
            await fillLogin(page, admin.username, admin.password);
            await expect(page).not.toHaveURL(/\/login$/, { timeout: 60_000 });
            await page.goto(`${origin}/users/list`);
            await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 90_000 });
            expect(elsewhere, 'requests that left the dev servers').toEqual([]);
            expect(errors, 'errors thrown in the page').toEqual([]);
          } finally {
            await context.close();
          }
        });
      }
    });
  });
});
