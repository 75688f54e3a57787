import { defineConfig, devices } from '@playwright/test';
import { E2E } from '@manager/stack/ports';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

const storageState = `.auth/admin-${E2E.offset}.json`;

export default defineConfig({
  testDir: './tests',
  outputDir: `test-results/${E2E.offset}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E.console}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, storageState },
      dependencies: ['setup'],
      testIgnore: /auth\.setup\.ts/,
    },
  ],
  webServer: {
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
      // Every spec starts from the one stored session (auth.setup.ts). Once its access token
      // expires, the first spec's refresh rotates the refresh token and the next spec's stored
      // one is a replay, which ends the session: the token must outlive the run.
      ACCESS_TOKEN_MINUTES: '60',
      SIMULATE_ACTIVITY_MS: '0',
      LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
      UPLOADS_DIR: process.env.E2E_UPLOADS_DIR ?? `/tmp/manager-e2e-uploads-${E2E.offset}`,
      RELEASES_DIR: E2E.releasesDir,
      DEMO_2FA_BACKUP_CODES:
        'AAAA-1111,BBBB-2222,CCCC-3333,DDDD-4444,EEEE-5555,FFFF-6666,GGGG-7777,HHHH-8888,JJJJ-9999,KKKK-0000',
    },
  },
});
