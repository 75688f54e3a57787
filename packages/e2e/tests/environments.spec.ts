import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E } from '@manager/stack/ports';
import { test, expect, stackOnly } from './support/test';
import { API, CONSOLE_URL } from './support/env';
import { run } from './support/workspace-copy';

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One test of a Playwright JSON report: its title path, status and first error. */
type Outcome = { title: string; status: string; error: string };

type JsonSuite = {
  title: string;
  suites?: JsonSuite[];
  specs?: { title: string; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
};

function outcomes(suite: JsonSuite, parents: string[] = []): Outcome[] {
  const here = suite.title ? [...parents, suite.title] : parents;
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((t) => ({
        title: [...here, spec.title].join(' › '),
        status: t.results[0]?.status ?? 'not run',
        error: t.results[0]?.error?.message ?? '',
      })),
    ),
    ...(suite.suites ?? []).flatMap((s) => outcomes(s, here)),
  ];
}

/**
 * A second run of this suite pointed at this run's stack as QA points it at a deployed console
 * (E2E_BASE_URL, E2E_API_URL and the test admins from the environment): no stack of its own.
 */
async function runAgainstConsole(files: string[], grep: string, env: Record<string, string> = {}) {
  const report = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'manager-e2e-environments-')),
    'report.json',
  );
  const result = await run(
    'pnpm',
    [
      'exec',
      'playwright',
      'test',
      '--project=shell',
      '--project=settings',
      '--reporter=json',
      '-g',
      grep,
      ...files,
    ],
    E2E_DIR,
    {
      E2E_BASE_URL: CONSOLE_URL,
      E2E_API_URL: API,
      // An admin of the seed no worker of this run signs in as (E2E_WORKERS stays below 8).
      E2E_ADMIN_USERNAMES: 'qa-8',
      E2E_2FA_USERNAMES: 'qa-8-totp',
      // Its own output folders; the ports do not matter, nothing is started.
      E2E_PORT_OFFSET: String(E2E.offset + 700),
      E2E_WORKERS: '1',
      E2E_RETRIES: '0',
      // Not this worker's index: the second run's own runner loads the specs, and their admin is
      // picked by it (support/env.ts); on this run's second worker it named an admin the second
      // run does not have, and no spec loaded. Its workers get their own from Playwright.
      TEST_PARALLEL_INDEX: '0',
      TEST_WORKER_INDEX: '0',
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      ...env,
    },
  );
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    suites: JsonSuite[];
    errors?: { message?: string }[];
  };
  fs.rmSync(path.dirname(report), { recursive: true, force: true });
  const all = parsed.suites.flatMap((s) => outcomes(s));
  // What stopped the run before its tests, if anything (a spec that does not load).
  const errors = (parsed.errors ?? []).map((e) => e.message ?? '').join('\n');
  return {
    code: result.code,
    output: result.output,
    outcome(title: string): Outcome {
      const found = all.filter((o) => o.title.includes(title));
      expect(
        found,
        `one test titled "${title}" in:\n${all.map((o) => o.title).join('\n')}\n${errors}`,
      ).toHaveLength(1);
      return found[0]!;
    },
  };
}

test.describe(
  'Shell: environments',
  stackOnly('points a second run of the suite at this stack as at a deployed console', '@shell'),
  () => {
    const SIGN_IN = 'an administrator signs in through the sign-in page and reaches the dashboard';
    const WRITES = 'the dashboard shows the seeded figures and the live counters';
    const STACK = 'cannot be disabled: the API says so and nothing changes';
    const files = ['tests/smoke.spec.ts', 'tests/dashboard.spec.ts', 'tests/admins.spec.ts'];
    const grep = [SIGN_IN, WRITES, STACK].join('|');

    test('against a deployed console the smoke specs run; a spec that writes refuses without E2E_ALLOW_WRITES=1, a @stack one always, each saying why', async () => {
      test.setTimeout(300_000);
      const readOnly = await runAgainstConsole(files, grep);
      expect(readOnly.code, readOnly.output).toBe(1);
      expect(readOnly.outcome(SIGN_IN)).toMatchObject({ status: 'passed' });
      const writes = readOnly.outcome(WRITES);
      expect(writes.status).toBe('failed');
      expect(writes.error).toContain(
        `"${WRITES}" writes, and ${CONSOLE_URL} is not marked disposable: run the @smoke specs there, ` +
          'or set E2E_ALLOW_WRITES=1 on an environment whose data may change',
      );
      const stack = readOnly.outcome(STACK);
      expect(stack.status).toBe('failed');
      expect(stack.error).toContain(`"${STACK}" needs an API of its own`);
      expect(stack.error).toContain(
        `which only the suite's own stack has: it does not run against ${CONSOLE_URL}`,
      );

      // Marked disposable: the writing spec runs; the @stack one still refuses.
      const disposable = await runAgainstConsole(files, [WRITES, STACK].join('|'), { E2E_ALLOW_WRITES: '1' });
      expect(disposable.outcome(WRITES)).toMatchObject({ status: 'passed' });
      expect(disposable.outcome(STACK)).toMatchObject({ status: 'failed' });
    });
  },
);
