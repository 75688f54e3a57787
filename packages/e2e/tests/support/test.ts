import { test as base, expect, type Browser, type BrowserContext, type TestInfo } from '@playwright/test';
import { loginResponseSchema } from '@manager/contract';
import { adminApi, apiAs, type Api } from './api';
import { ADMIN, CONSOLE_URL, EXTERNAL, WRITES_ALLOWED } from './env';
import { stepUpApi } from './step-up';

/**
 * The `test` every spec imports (ESLint refuses `test` from '@playwright/test' in tests/): a
 * test fails when the browser refused anything under the console page's Content-Security-Policy
 * (@manager/stack, page-policy.ts), in any page of any browser context the test opened,
 * its own or one made with `browser.newContext()`. A page the policy would break (a remote
 * from an origin it does not list, an inline script, a call to an unlisted API) is a failed
 * test, not a page that happens to pass its assertions.
 *
 * Two witnesses, since either alone can miss one: the page's `securitypolicyviolation` events
 * (an init script reports them through a binding) and Chromium's console line for each refusal
 * ("Refused to ... violates the following Content Security Policy directive ...").
 */
export { expect };

/** One refusal: the page it happened in and what was refused. */
export type CspViolation = { page: string; report: string };

export type CspGuard = {
  /** The refusals reported so far (expected ones included). */
  seen(): CspViolation[];
  /** Refusals whose report matches `pattern` are what this test provokes: they do not fail it. */
  allow(pattern: RegExp): void;
};

const BINDING = '__reportCspViolation';

type ViolationEvent = { directive: string; blocked: string; source: string; line: number; sample: string };

/** Runs in every frame before its scripts: each refusal of the page's policy goes to the binding. */
function reportViolations(binding: string) {
  document.addEventListener('securitypolicyviolation', (e) => {
    const report = (window as unknown as Record<string, (v: ViolationEvent) => void>)[binding];
    report?.({
      directive: e.effectiveDirective,
      blocked: e.blockedURI,
      source: e.sourceFile,
      line: e.lineNumber,
      sample: e.sample,
    });
  });
}

const CONSOLE_REFUSAL = /Content Security Policy/i;

async function guard(context: BrowserContext, found: CspViolation[]) {
  context.on('console', (message) => {
    if (CONSOLE_REFUSAL.test(message.text()))
      found.push({ page: message.page()?.url() ?? '', report: message.text() });
  });
  // Both sent at once, before the caller can open a page in the context.
  await Promise.all([
    context.exposeBinding(BINDING, ({ page }, v: ViolationEvent) => {
      const where = v.source ? ` (${v.source}${v.line ? `:${v.line}` : ''})` : '';
      found.push({
        page: page?.url() ?? '',
        report: `${v.directive} refused ${v.blocked || 'inline'}${where}${v.sample ? `: ${v.sample}` : ''}`,
      });
    }),
    context.addInitScript(reportViolations, BINDING),
  ]);
}

/** Credentials of an administrator. */
export type Credentials = { username: string; password: string };

type Fixtures = {
  csp: CspGuard;
  /** Refuses a test the environment under test must not run (README, "Any environment"). */
  environment: void;
  /** The API as this worker's administrator, in a session of its own. */
  api: Api & { token: string };
  /** The same, stepped up: money calls go through without "Confirm it's you". */
  steppedUpApi: Api & { token: string };
};

type WorkerFixtures = {
  /** This worker's administrator (support/env.ts): no other worker signs in as it. */
  admin: Credentials;
};

/** Why a `@stack` test needs the suite's own stack: its `stack` annotation. */
const stackReason = (info: TestInfo) =>
  info.annotations.find((a) => a.type === 'stack')?.description ?? 'the test stack';

/**
 * A browser state signed in as `who` (the tokens and profile the console keeps in
 * localStorage), from a sign-in through the API: each test starts in a session of its own, so
 * no refresh of one test's tokens can end another's session.
 */
export async function signedInState(who: Credentials, request: Parameters<typeof apiAs>[0]) {
  const answer = await apiAs(request).post(
    '/auth/login',
    { identifier: who.username, password: who.password },
    loginResponseSchema,
  );
  if (!answer.tokens || !answer.admin)
    throw new Error(`${who.username} was asked for a second factor: a test admin must have none`);
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(CONSOLE_URL).origin,
        localStorage: [
          { name: 'accessToken', value: answer.tokens.accessToken },
          { name: 'refreshToken', value: answer.tokens.refreshToken ?? '' },
          { name: 'adminData', value: JSON.stringify(answer.admin) },
        ],
      },
    ],
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: `{}` is none.
  // eslint-disable-next-line no-empty-pattern
  admin: [async ({}, use) => use(ADMIN), { scope: 'worker' }],
  // After `environment`: a test the environment refuses signs nobody in.
  storageState: async ({ admin, playwright, environment: _refused }, use) => {
    const request = await playwright.request.newContext();
    try {
      await use(await signedInState(admin, request));
    } finally {
      await request.dispose();
    }
  },
  api: async ({ request, environment: _refused }, use) => use(await adminApi(request)),
  steppedUpApi: async ({ api }, use) => {
    await stepUpApi(api);
    await use(api);
  },
  environment: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, info) => {
      if (EXTERNAL && info.tags.includes('@stack'))
        throw new Error(
          `"${info.title}" needs ${stackReason(info)}, which only the suite's own stack has: ` +
            `it does not run against ${CONSOLE_URL}`,
        );
      if (!WRITES_ALLOWED && !info.tags.includes('@smoke'))
        throw new Error(
          `"${info.title}" writes, and ${CONSOLE_URL} is not marked disposable: ` +
            'run the @smoke specs there, or set E2E_ALLOW_WRITES=1 on an environment whose data may change',
        );
      await use();
    },
    { auto: true },
  ],
  csp: [
    async ({ browser }: { browser: Browser }, use) => {
      const found: CspViolation[] = [];
      const allowed: RegExp[] = [];
      const guarding: Promise<void>[] = [];
      // Every context of this test: its own `context` (made after this fixture) and any other.
      const onContext = (context: BrowserContext) =>
        void guarding.push(guard(context, found).catch(() => undefined));
      browser.on('context', onContext);
      try {
        await use({ seen: () => [...found], allow: (pattern) => void allowed.push(pattern) });
      } finally {
        browser.off('context', onContext);
      }
      await Promise.all(guarding);
      const unexpected = found.filter((v) => !allowed.some((pattern) => pattern.test(v.report)));
      expect(
        unexpected.map((v) => `${v.page}: ${v.report}`),
        'Content-Security-Policy violations',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The details of a `test.describe` whose tests need the suite's own stack, with why (shown when
 * such a test is refused against a deployed console), and any more tags.
 */
export function stackOnly(why: string, ...tags: string[]) {
  return { tag: ['@stack', ...tags], annotation: { type: 'stack', description: why } };
}
