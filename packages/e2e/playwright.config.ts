import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, devices, type Project } from '@playwright/test';
import { MAX_TEST_ADMINS } from '@manager/contract';
import { E2E } from '@manager/stack/ports';
import { AREA_TAGS, STACK_WIDE } from './areas';

/**
 * Debian's Chromium. A headless run takes its headless shell (package chromium-headless-shell)
 * when installed: the same Chromium without the desktop browser's layer, what Playwright's own
 * downloads use for headless runs. The users area's 37 tests took 10 % less CPU with it (282
 * against 315 s on two cores), and the suite is CPU-bound there. A headed run (`--headed`,
 * `--debug`, `--ui`, PWDEBUG) needs the full browser; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const headed =
  Boolean(process.env.PWDEBUG) || process.argv.some((a) => ['--headed', '--debug', '--ui'].includes(a));
const executablePath =
  process.env.CHROMIUM_PATH ??
  (!headed && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromium = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// A console already deployed (README, "Any environment"): no stack of our own.
const external = process.env.E2E_BASE_URL;
// One worker per core, unless E2E_WORKERS says otherwise. Much of a run waits (for the next
// TOTP step, a poll, a private API starting), so on two cores two workers overlap one area's
// waits with another's work: a mixed subset (users and settings specs) took 6.5 minutes on two
// workers against 10.2 on one (README, "Parallel"). Each worker signs in as a test admin of its
// own (tests/support/env.ts), which the stack seeds (DEMO_TEST_ADMINS, at most 16).
const workers = Number(process.env.E2E_WORKERS ?? os.availableParallelism());
const retries = Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0));
const use = { ...devices['Desktop Chrome'], launchOptions: chromium };

// A project per area (its tag): the specs of one area share that area's rows and run one at a
// time, areas run side by side. The tests that change what every console loads (@stack-wide:
// a promoted release, a stopped remote) run last and alone (one file alone: `--no-deps`). docs/decisions/0023-parallel-e2e.md.
// Playwright hands out tests in the order the projects are listed, so the areas whose specs take
// longest start first and a short one is last to start: listed in the areas' own order on two
// workers, settings (about 20 minutes with the release gate's test) started only when the
// others were done, 33 minutes in, and then ran alone.
const LONGEST_FIRST = ['@settings', '@shell', '@users', '@transactions', '@engagement', '@commerce'];
const byLength = [...AREA_TAGS].sort((a, b) => LONGEST_FIRST.indexOf(a) - LONGEST_FIRST.indexOf(b));
const areas: Project[] = byLength.map((tag) => ({
  name: tag.slice(1),
  grep: new RegExp(`${tag}\\b`),
  grepInvert: new RegExp(STACK_WIDE),
  workers: 1,
  use,
}));

export default defineConfig({
  testDir: './tests',
  outputDir: `test-results/${E2E.offset}`,
  fullyParallel: false,
  workers,
  retries,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The list as it runs, and an HTML report of the run (its failed tests' trace, screenshot
  // and video): `pnpm --filter @manager/e2e exec playwright show-report playwright-report/<offset>`.
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${E2E.offset}` }]],
  use: {
    baseURL: external ?? `http://localhost:${E2E.console}`,
    launchOptions: chromium,
    // Recording a trace costs about a tenth of a run's time, so with retries (CI) only a retry
    // records one: a test that fails twice leaves the trace of its second failure. Without
    // retries every test records and a failed one keeps its trace. E2E_TRACE overrides.
    trace:
      (process.env.E2E_TRACE as 'off' | 'on' | 'on-first-retry' | 'retain-on-failure' | undefined) ??
      (retries > 0 ? 'on-first-retry' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    // Video needs Playwright's own ffmpeg, which `playwright install ffmpeg` fetches from the
    // internet; where it is installed, E2E_VIDEO=retain-on-failure keeps a failed test's video.
    // The trace already holds a filmstrip of every step.
    video: (process.env.E2E_VIDEO as 'off' | 'retain-on-failure' | undefined) ?? 'off',
  },
  projects: [
    ...areas,
    {
      // A test without an area tag lands here and fails, saying so (tests/support/test.ts).
      name: 'untagged',
      grepInvert: new RegExp(`(${[...AREA_TAGS, STACK_WIDE].join('|')})\\b`),
      use,
    },
    {
      name: 'stack-wide',
      grep: new RegExp(STACK_WIDE),
      dependencies: areas.map((p) => p.name!),
      workers: 1,
      use,
    },
  ],
  webServer: external
    ? undefined
    : {
        // `pnpm start`'s launcher (@manager/stack) on the e2e ports, from the existing builds.
        command: 'pnpm --filter @manager/stack start',
        url: `http://127.0.0.1:${E2E.api}/health`,
        reuseExistingServer: !process.env.CI,
        timeout: 300_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          SKIP_BUILD: '1',
          CONSOLE_PORT: String(E2E.console),
          USERS_PORT: String(E2E.users),
          COMMERCE_PORT: String(E2E.commerce),
          TRANSACTIONS_PORT: String(E2E.transactions),
          ENGAGEMENT_PORT: String(E2E.engagement),
          SETTINGS_PORT: String(E2E.settings),
          API_PORT: String(E2E.api),
          STACK_CONTROL_PORT: String(E2E.control),
          PGLITE_DIR: 'memory://',
          // A test's session outlives the test (it signs in as it starts: tests/support/test.ts).
          ACCESS_TOKEN_MINUTES: '60',
          // qa-1 ... qa-<n> and qa-<n>-totp: the test admins, a pair per worker.
          DEMO_TEST_ADMINS: String(Math.min(MAX_TEST_ADMINS, Math.max(8, workers))),
          SIMULATE_ACTIVITY_MS: '0',
          LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
          UPLOADS_DIR: process.env.E2E_UPLOADS_DIR ?? `/tmp/manager-e2e-uploads-${E2E.offset}`,
          // `pnpm verify` points the stack at a folder where the release under test is pinned.
          RELEASES_DIR: process.env.E2E_RELEASES_DIR ?? E2E.releasesDir,
          DEMO_2FA_BACKUP_CODES:
            'AAAA-1111,BBBB-2222,CCCC-3333,DDDD-4444,EEEE-5555,FFFF-6666,GGGG-7777,HHHH-8888,JJJJ-9999,KKKK-0000',
        },
      },
});
