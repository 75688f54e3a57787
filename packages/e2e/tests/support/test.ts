import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

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

export const test = base.extend<{ csp: CspGuard }>({
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
