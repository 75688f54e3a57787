import type { APIRequestContext, Page, Response } from '@playwright/test';
import { paths } from '@manager/contract';
import { adminApi } from './api';
import { CONSOLE_URL } from './env';
import { expect } from './test';
import { usersPage } from './users';

// The console page's policy as the specs check it (docs/security.md, "Console page policy").

/** The public pages, opened without a session (the enrolment page with a token nobody holds). */
export const PUBLIC_PAGES = [paths.login, paths.enrol('0000000000000000')];

/** Every route of the table but the public ones; the detail route with a real player's id. */
export async function signedInRoutes(request: APIRequestContext): Promise<string[]> {
  const id = (await usersPage(await adminApi(request), 'page=1')).users[0]!.telegramId;
  return Object.entries(paths)
    .filter(([name]) => name !== 'login' && name !== 'enrol')
    .map(([, p]) => (typeof p === 'function' ? p(id) : p));
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
export function expectPageHeaders(
  response: Pick<Response, 'headers'> | null,
  route: string,
): Map<string, string[]> {
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
export async function waitForContent(page: Page, route: string) {
  await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
  // A remote's first page loads its chunks cold: on a busy 2-core CI machine that took longer
  // than the 15 s a step gets (the heading came a moment after), so the walk gives it 45 s.
  await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]'), route).toHaveCount(0, {
    timeout: 45_000,
  });
}

/** The origin of each remote's manifest in the remotes.json the console serves now. */
export async function servedRemoteOrigins(request: APIRequestContext): Promise<string[]> {
  const served = (await (await request.get(`${CONSOLE_URL}/remotes.json`)).json()) as Record<
    string,
    { entry: string }
  >;
  return Object.values(served).map(({ entry }) => new URL(entry, `${CONSOLE_URL}/remotes.json`).origin);
}
