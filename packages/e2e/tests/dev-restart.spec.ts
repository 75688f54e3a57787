import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { E2E } from '@manager/stack/ports';
import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { REPO } from './support/workspace-copy';

/** A port of its own for the dev server under test: none of the stack's, nor `pnpm start`'s. */
const DEV_PORT = 5300 + E2E.offset;

/** `vite` (the dev server) of `app` on DEV_PORT; resolves once it answers. */
async function startDevServer(app: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn('pnpm', ['exec', 'vite', '--port', String(DEV_PORT), '--strictPort'], {
    cwd: path.join(REPO, app),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`vite of ${app} exited:\n${output}`);
        return fetch(`http://localhost:${DEV_PORT}/`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM'); // the process group: pnpm, vite and its workers
  await exited;
}

/** Opens the dev server's page in a fresh context and expects `label`, with no error thrown in the page. */
async function expectPageLoads(page: Page, label: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://localhost:${DEV_PORT}/`);
  await expect(page.getByLabel(label)).toBeVisible({ timeout: 60_000 });
  expect(errors).toEqual([]);
}

test.describe('Users: the dev loop', stackOnly("starts the repository's own dev servers", '@users'), () => {
  // Each start after the first reads Vite's dependency cache (node_modules/.vite) warm: the
  // case that once showed a blank page (federationShared, packages/vite-config).
  for (const [app, label] of [
    ['mf-users', 'Username or Email'],
    ['shell', 'Username'],
  ] as const) {
    test(`${app}'s dev server started three times shows its page each time`, async ({ browser }) => {
      test.setTimeout(240_000);
      for (let start = 1; start <= 3; start += 1) {
        const server = await startDevServer(app);
        const context = await browser.newContext();
        try {
          await expectPageLoads(await context.newPage(), label);
        } catch (error) {
          throw new Error(`start ${start} of ${app}: ${(error as Error).message}\n${server.output()}`, {
            cause: error,
          });
        } finally {
          await context.close();
          await stop(server.child);
        }
      }
    });
  }
});
