import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E } from '@manager/stack/ports';
import { API } from './env';
import { REPO, run, type CommandResult, type SettingsEdits, type WorkspaceCopy } from './workspace-copy';

/** The stack's release folder (playwright.config.ts gives it to @manager/stack's `start.ts`). */
export const RELEASES_DIR = E2E.releasesDir;

/**
 * Empties the stack's release folder: `remotes.json` then points every remote at the working
 * tree's builds again, as the other specs expect.
 */
export function resetReleases(): void {
  fs.rmSync(RELEASES_DIR, { recursive: true, force: true });
}

export interface ReleaseInfo {
  remote: string;
  version: string;
  commit: string;
  builtAt: string;
  requires: Record<string, string>;
  shared: Record<string, string>;
}

/** Applies `edits` to the copy and runs its `pnpm release settings` into a release folder (the stack's by default). */
export async function releaseSettings(
  copy: WorkspaceCopy,
  edits: SettingsEdits,
  dir = RELEASES_DIR,
): Promise<ReleaseInfo> {
  copy.edit(edits);
  const result = await copy.pnpm(['--silent', 'release', 'settings', '--json'], { RELEASES_DIR: dir });
  expect(result.code, result.output).toBe(0);
  const made = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { version: string; created: boolean };
  expect(made.created, `a new release, not one made before:\n${result.output}`).toBe(true);
  return releaseInfo('settings', made.version, dir);
}

export function releaseInfo(remote: string, version: string, dir = RELEASES_DIR): ReleaseInfo {
  return JSON.parse(fs.readFileSync(path.join(dir, remote, version, 'release.json'), 'utf8')) as ReleaseInfo;
}

/**
 * `pnpm <command> ...` of the stack's repository (promote, rollback, releases, verify) on a
 * release folder (the stack's by default); a canary's names are checked against the stack's API.
 */
export function releasesCli(
  args: string[],
  dir = RELEASES_DIR,
  env: Record<string, string> = {},
): Promise<CommandResult> {
  return run('pnpm', ['--silent', ...args], REPO, { RELEASES_DIR: dir, CONSOLE_API_URL: API, ...env });
}

/** Runs a release command that must succeed. */
export async function cli(...args: string[]): Promise<string> {
  const result = await releasesCli(args);
  expect(result.code, result.output).toBe(0);
  return result.output;
}

/** What the live shell of the stack was built with (its `build.json`). */
export function shellBuild(): { version: string; commit: string; shared: Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(REPO, 'shell/dist/build.json'), 'utf8')) as ReturnType<
    typeof shellBuild
  >;
}

/**
 * Tells the console its tab regained focus: a real `focus` event on the window, the one a
 * person switching back to the tab fires (headless Chromium never loses focus by itself).
 */
export async function focusWindow(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
}

/** The quiet top-bar button the live check shows for a remote with a new live build. */
export const updateButton = (page: Page, remote = 'Settings') =>
  page.getByRole('button', { name: `Update ${remote}` });

/** Focuses the window until the console has seen the new live build and offers to take it. */
export async function expectUpdateOffered(page: Page, remote = 'Settings'): Promise<void> {
  await expect(async () => {
    await focusWindow(page);
    await expect(updateButton(page, remote)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** Focuses the window, waits for the console's check of `remotes.json`, and sees no offer. */
export async function expectNoUpdateAfterCheck(page: Page, remote = 'Settings'): Promise<void> {
  const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/remotes.json');
  await focusWindow(page);
  await checked;
  await expect(updateButton(page, remote)).toHaveCount(0);
}
