/**
 * The API's environment variables: their schema, defaults and the checks across variables
 * (docs/configuration.md lists them). `parseEnv` names every offending variable at once;
 * src/config.ts turns the parsed values into the `Config` the app reads.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { CONSOLE_APPS, EVENTS_HEARTBEAT_MS, MAX_TEST_ADMINS, MONEY_LIMIT } from '@manager/contract';
import { DEFAULT_PGLITE_DIR, resolvePackagePath } from './db/client';
import { isKnownDefault, secretProblem } from './lib/secret-strength';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());
const csv = (fallback: string[]) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && v.trim() !== ''
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : fallback,
    z.array(z.string().min(1)),
  );
const local = (ports: number[]) =>
  ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
/** The console and its remotes as `pnpm start` serves them (apps.json of the contract). */
const localOrigins = local(CONSOLE_APPS.map((app) => app.port));
/**
 * The apps' dev servers (apps.json `devPort`). They pass the API's calls on from their own
 * origin, so CORS never needs them; outside production they are passkey origins by default,
 * since a ceremony checks the page's origin.
 */
export const DEV_SERVER_ORIGINS = local(CONSOLE_APPS.map((app) => app.devPort));
/**
 * The proxies whose X-Forwarded-For the API believes: addresses or CIDR ranges, or the
 * proxy-addr names `loopback`, `linklocal`, `uniquelocal`. `true` (any peer) is refused: then
 * any client could choose the address that the throttles, rate limits and audit rows see.
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
const trustedProxies = z.preprocess(
  (v) =>
    typeof v === 'string' && !['', 'false'].includes(v.trim().toLowerCase())
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  z.array(
    z
      .string()
      .refine((entry) => entry.toLowerCase() !== 'true', {
        message:
          'list the proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8): true would believe X-Forwarded-For from any client',
        abort: true,
      })
      .refine(isProxyEntry, {
        message:
          'expected IP addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal)',
      }),
  ),
);
/** A count; unset, its default depends on NODE_ENV (see RATE_LIMIT_DEFAULTS in src/config.ts). */
const optionalCount = z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional());

/** A five-field cron expression, or 'off' (null). */
const cronSetting = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => v === 'off' || /^\S+( \S+){4}$/.test(v), {
      message: "expected a cron expression of five fields (e.g. '* * * * *') or 'off'",
    })
    .transform((v) => (v === 'off' ? null : v));

/** An amount limit: above 0, and below what a money column holds (11 digits before the point). */
const amountLimit = (fallback: number) => z.coerce.number().gt(0).lt(MONEY_LIMIT).default(fallback);

const backupCode = z.string().regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/, 'backup codes look like XXXX-XXXX');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback only unless asked: the demo database holds known credentials.
    API_HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: trustedProxies,
    RATE_LIMIT_MAX: optionalCount,
    RATE_LIMIT_AUTH_MAX: optionalCount,
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    // Production has no default (see productionIssues); elsewhere the demo key of the console's config.json.
    API_KEY: optionalText,
    // The release tool's secret (src/auth/admins/release-routes.ts); optional in production.
    RELEASES_TOKEN: optionalText,
    API_KEY_HEADER: z
      .string()
      .min(1)
      .default('x-api-key')
      .transform((h) => h.toLowerCase()),
    CORS_ORIGINS: csv(localOrigins),
    JWT_SECRET: z.preprocess(
      blankToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    // The role the API connects as, and the schema owner that migrates and grants it its rights
    // (src/db/roles.ts, docs/security.md, Database roles).
    DATABASE_URL: optionalText,
    MIGRATION_DATABASE_URL: optionalText,
    // The event stream's LISTEN connection, straight to PostgreSQL where DATABASE_URL goes
    // through a transaction-mode pooler (docs/scale-out.md); unset: DATABASE_URL.
    DATABASE_LISTEN_URL: optionalText,
    PGLITE_DIR: z.string().min(1).default(DEFAULT_PGLITE_DIR),
    // Last guard against a slow query on PostgreSQL (0 = none); PGlite cannot enforce it.
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    UPLOADS_DIR: z.string().min(1).default('.data/uploads').transform(resolvePackagePath),
    // Where saved uploads live (files/): the uploads folder, or an S3-compatible bucket that
    // every instance shares. The S3_* variables are read only for `s3` (see s3Issues).
    UPLOADS_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.preprocess(
      blankToUndefined,
      z
        .url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. http://127.0.0.1:9000' })
        .optional(),
    ),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z.preprocess(blankToUndefined, z.stringbool().default(false)),
    LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(100),
    // Background jobs on pg-boss (src/jobs/): false = this instance serves HTTP and sends jobs,
    // others work them. The expiry bounds how long a job of a dead instance stays taken; the
    // maintenance period how often such jobs are looked for (docs/scale-out.md).
    JOBS_ENABLED: z.stringbool().default(true),
    JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
    JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    JOBS_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    // Schedules (pg-boss cron, UTC; 'off' = not scheduled): transfer claims nobody ended
    // (withdrawals/reconcile.ts), and expired sessions and tokens (auth/session-cleanup-job.ts).
    WITHDRAWAL_RECONCILE_CRON: cronSetting('* * * * *'),
    SESSION_CLEANUP_CRON: cronSetting('17 * * * *'),
    // Running mailings left without a delivery job (mailing/delivery-job.ts, mailing.resume).
    MAILING_RESUME_CRON: cronSetting('* * * * *'),
    // Stored uploads no row names any more (files/orphan-cleanup-job.ts).
    UPLOADS_CLEANUP_CRON: cronSetting('43 3 * * *'),
    // Console events older than a day (events/cleanup-job.ts, events.cleanup).
    EVENTS_CLEANUP_CRON: cronSetting('29 * * * *'),
    // The event stream's keep-alive comment (events/routes.ts); tests shorten it.
    EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(EVENTS_HEARTBEAT_MS),
    // The age at which a transfer claim counts as abandoned; it must exceed the longest a
    // transfer call can take, or a live call's claim could be released.
    WITHDRAWAL_CLAIM_STALE_MS: z.coerce.number().int().min(0).default(300_000),
    // The reference transfer provider's answer time after it recorded a transfer (a slow provider).
    TRANSFER_PORT_DELAY_MS: z.coerce.number().int().min(0).default(0),
    LOGIN_MAX_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
    LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    // A session ends after this long without a call (background polling and token refreshes
    // are no calls), and this long after its sign-in whatever it did; refresh tokens live 7 days.
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(168).default(12),
    ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    // Unset: required in production only (see Config.requireTwoFactor).
    REQUIRE_2FA: z.preprocess(blankToUndefined, z.stringbool().optional()),
    // Milliseconds between ticks of the activity simulator (src/dev/activity-simulator.ts), 0 = off.
    SIMULATE_ACTIVITY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
    // A withdrawal worth this many TON or more (a gift at its price) needs two different admins.
    DUAL_APPROVAL_MIN_TON: z.coerce.number().min(0).max(1_000_000_000).default(10),
    // The largest amount a form may set, by unit (src/lib/amount-limits.ts): tasks' rewards,
    // shop prices, loot boxes' prices and rewards, giveaways' ticket prices.
    MAX_AMOUNT_TON: amountLimit(10_000),
    MAX_AMOUNT_STARS: amountLimit(2_500_000),
    MAX_AMOUNT_RED_CHIP: amountLimit(10_000_000),
    MAX_AMOUNT_PLAY: amountLimit(100_000_000),
    // The WebAuthn relying party: its id (the console's host name) and the console origins a
    // passkey ceremony may come from. Unset: the host and origins of CORS_ORIGINS.
    WEBAUTHN_RP_ID: optionalText,
    WEBAUTHN_ORIGINS: csv([]).pipe(z.array(z.url())),
    DEMO_ADMIN_USERNAME: z.string().min(1).default('admin'),
    DEMO_ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
    DEMO_2FA_USERNAME: z.string().min(1).default('admin2fa'),
    // Owners named qa-1 ... qa-<n>, with the demo admin's password and no second factor: one
    // per Playwright worker, so parallel specs never share a session or a step-up window.
    DEMO_TEST_ADMINS: z.coerce.number().int().min(0).max(MAX_TEST_ADMINS).default(0),
    DEMO_2FA_PASSWORD: optionalText,
    DEMO_2FA_SECRET: z
      .string()
      .regex(/^[A-Z2-7]{16,}$/, 'must be base32 (A-Z, 2-7), at least 16 characters')
      .default('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
    DEMO_2FA_BACKUP_CODES: z.preprocess(
      (v) =>
        typeof v === 'string' && v.trim() !== ''
          ? v.split(',').map((s) => s.trim().toUpperCase())
          : undefined,
      z.array(backupCode).length(10, 'must list exactly 10 codes').optional(),
    ),
  })
  // A slow reference provider is a test of the reconciliation, never a production setting.
  .refine((env) => env.NODE_ENV !== 'production' || env.TRANSFER_PORT_DELAY_MS === 0, {
    path: ['TRANSFER_PORT_DELAY_MS'],
    message: 'simulates a slow transfer provider for tests; it must be 0 in production',
  })
  // Made-up players, games and money: never next to real ones.
  .refine((env) => env.NODE_ENV !== 'production' || env.SIMULATE_ACTIVITY_MS === 0, {
    path: ['SIMULATE_ACTIVITY_MS'],
    message: 'simulates player activity for a demo; it must be 0 in production',
  })
  .refine(
    (env) => env.TRANSFER_PORT_DELAY_MS < env.WITHDRAWAL_CLAIM_STALE_MS || env.TRANSFER_PORT_DELAY_MS === 0,
    {
      path: ['WITHDRAWAL_CLAIM_STALE_MS'],
      message: 'must exceed TRANSFER_PORT_DELAY_MS (a claim must outlive its transfer call)',
    },
  )
  // PGlite has one user: there is no second role to migrate as.
  .refine((env) => !env.MIGRATION_DATABASE_URL || env.DATABASE_URL, {
    path: ['MIGRATION_DATABASE_URL'],
    message: "is the owner's URL next to DATABASE_URL (the API's role); set DATABASE_URL too",
  })
  .refine((env) => env.SESSION_IDLE_MINUTES <= env.SESSION_MAX_HOURS * 60, {
    path: ['SESSION_IDLE_MINUTES'],
    message: 'must not exceed SESSION_MAX_HOURS (a session never outlives its lifetime)',
  })
  // Below the pair's limit the account would lock first, and one address could lock it.
  .refine((env) => env.LOGIN_MAX_PER_ACCOUNT >= env.LOGIN_MAX_PER_ACCOUNT_IP, {
    path: ['LOGIN_MAX_PER_ACCOUNT'],
    message: 'must be at least LOGIN_MAX_PER_ACCOUNT_IP',
  })
  .superRefine((env, ctx) => {
    for (const [variable, message] of s3Issues(env))
      ctx.addIssue({ code: 'custom', path: [variable], message });
  });

/**
 * What a bucket store needs: a bucket and a region (the SDK signs for one; MinIO takes any,
 * e.g. us-east-1), and the key pair both or neither (neither: the SDK's own chain, such as an
 * instance role or AWS_* variables).
 */
function s3Issues(env: {
  UPLOADS_STORE: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}): Array<[string, string]> {
  if (env.UPLOADS_STORE !== 's3') return [];
  const issues: Array<[string, string]> = [];
  if (!env.S3_BUCKET) issues.push(['S3_BUCKET', 'is required when UPLOADS_STORE=s3']);
  if (!env.S3_REGION)
    issues.push([
      'S3_REGION',
      'is required when UPLOADS_STORE=s3 (any region, e.g. us-east-1, for a store that has none)',
    ]);
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY)
    issues.push(['S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID']);
  if (!env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
    issues.push(['S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY']);
  return issues;
}

/**
 * What production refuses although a developer's machine accepts it: a missing or published
 * API key, a missing, weak or published JWT secret. Read from the raw values, so these are
 * named together with any other bad variable.
 */
function productionIssues(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const apiKey = env.API_KEY?.trim() || undefined;
  const secret = env.JWT_SECRET?.trim() || undefined;
  const issues: string[] = [];
  if (!apiKey) issues.push('API_KEY: is required in production');
  else if (isKnownDefault(apiKey)) issues.push('API_KEY: is a published default value; choose your own key');
  if (!secret)
    issues.push('JWT_SECRET: is required in production; generate one with `openssl rand -base64 32`');
  else {
    const problem = secretProblem(secret);
    if (problem) issues.push(`JWT_SECRET: ${problem}`);
    // The API key is in every browser's config.json: it signs nothing.
    else if (secret === apiKey)
      issues.push('JWT_SECRET: must differ from API_KEY, which every browser receives');
  }
  const releasesToken = env.RELEASES_TOKEN?.trim() || undefined;
  if (releasesToken) {
    const problem = isKnownDefault(releasesToken)
      ? 'is a published default value'
      : secretProblem(releasesToken);
    if (problem) issues.push(`RELEASES_TOKEN: ${problem}`);
  }
  return issues;
}

/** Variables an older release read, and what replaced them. */
const REPLACED_VARIABLES: Record<string, string> = {
  WITHDRAWAL_RECONCILE_INTERVAL_MS:
    'replaced by WITHDRAWAL_RECONCILE_CRON (a cron expression; `off` turns the reconciliation off)',
};

/** The environment's values, parsed; throws with every offending variable named, one a line. */
export function parseEnv(env: NodeJS.ProcessEnv): z.output<typeof envSchema> {
  const parsed = envSchema.safeParse(env);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // A variable that was replaced is refused, not ignored: its old value would silently stop applying.
  for (const [name, instead] of Object.entries(REPLACED_VARIABLES))
    if (env[name] !== undefined) issues.push(`${name}: ${instead}`);
  // One message per variable: a value the schema already refused is not judged again.
  issues.push(
    ...productionIssues(env).filter((p) => !issues.some((i) => i.startsWith(p.slice(0, p.indexOf(':') + 1)))),
  );
  if (!parsed.success || issues.length > 0) {
    throw new Error(`Invalid environment:\n${issues.map((line) => `  ${line}`).join('\n')}`);
  }
  return parsed.data;
}

export type Env = z.output<typeof envSchema>;
