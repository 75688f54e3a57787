import { isIP } from 'node:net';
import { z } from 'zod';
import { STEP_UP_WINDOW_MINUTES } from '@manager/contract';
import { DEFAULT_PGLITE_DIR, resolvePackagePath } from './db/client';
import { isKnownDefault, secretProblem } from './lib/secret-strength';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());
const csv = (fallback: string[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => s.trim()).filter(Boolean) : fallback),
    z.array(z.string().min(1)),
  );
const localOrigins = [4173, 4174, 4175, 4176, 4177, 4178].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
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
  (v) => (typeof v === 'string' && !['', 'false'].includes(v.trim().toLowerCase()) ? v.split(',').map((s) => s.trim()).filter(Boolean) : []),
  z.array(
    z.string().refine((entry) => entry.toLowerCase() !== 'true', {
      message: 'list the proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8): true would believe X-Forwarded-For from any client',
      abort: true,
    }).refine(isProxyEntry, { message: 'expected IP addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal)' }),
  ),
);
/** A count; unset, its default depends on NODE_ENV (see RATE_LIMIT_DEFAULTS). */
const optionalCount = z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional());

/** A five-field cron expression, or 'off' (null). */
const cronSetting = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => v === 'off' || /^\S+( \S+){4}$/.test(v), { message: "expected a cron expression of five fields (e.g. '* * * * *') or 'off'" })
    .transform((v) => (v === 'off' ? null : v));

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
    API_KEY_HEADER: z.string().min(1).default('x-api-key').transform((h) => h.toLowerCase()),
    CORS_ORIGINS: csv(localOrigins),
    JWT_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    DATABASE_URL: optionalText,
    PGLITE_DIR: z.string().min(1).default(DEFAULT_PGLITE_DIR),
    // Last guard against a slow query on PostgreSQL (0 = none); PGlite cannot enforce it.
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    UPLOADS_DIR: z.string().min(1).default('.data/uploads').transform(resolvePackagePath),
    // Where saved uploads live (files/): the uploads folder, or an S3-compatible bucket that
    // every instance shares. The S3_* variables are read only for `s3` (see s3Issues).
    UPLOADS_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. http://127.0.0.1:9000' }).optional()),
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
    // The WebAuthn relying party: its id (the console's host name) and the console origins a
    // passkey ceremony may come from. Unset: the host and origins of CORS_ORIGINS.
    WEBAUTHN_RP_ID: optionalText,
    WEBAUTHN_ORIGINS: csv([]).pipe(z.array(z.url())),
    DEMO_ADMIN_USERNAME: z.string().min(1).default('admin'),
    DEMO_ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
    DEMO_2FA_USERNAME: z.string().min(1).default('admin2fa'),
    DEMO_2FA_PASSWORD: optionalText,
    DEMO_2FA_SECRET: z
      .string()
      .regex(/^[A-Z2-7]{16,}$/, 'must be base32 (A-Z, 2-7), at least 16 characters')
      .default('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
    DEMO_2FA_BACKUP_CODES: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => s.trim().toUpperCase()) : undefined),
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
  .refine((env) => env.TRANSFER_PORT_DELAY_MS < env.WITHDRAWAL_CLAIM_STALE_MS || env.TRANSFER_PORT_DELAY_MS === 0, {
    path: ['WITHDRAWAL_CLAIM_STALE_MS'],
    message: 'must exceed TRANSFER_PORT_DELAY_MS (a claim must outlive its transfer call)',
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
    for (const [variable, message] of s3Issues(env)) ctx.addIssue({ code: 'custom', path: [variable], message });
  });

/**
 * What a bucket store needs: a bucket and a region (the SDK signs for one; MinIO takes any,
 * e.g. us-east-1), and the key pair both or neither (neither: the SDK's own chain, such as an
 * instance role or AWS_* variables).
 */
function s3Issues(env: { UPLOADS_STORE: string; S3_BUCKET?: string; S3_REGION?: string; S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string }): Array<[string, string]> {
  if (env.UPLOADS_STORE !== 's3') return [];
  const issues: Array<[string, string]> = [];
  if (!env.S3_BUCKET) issues.push(['S3_BUCKET', 'is required when UPLOADS_STORE=s3']);
  if (!env.S3_REGION) issues.push(['S3_REGION', 'is required when UPLOADS_STORE=s3 (any region, e.g. us-east-1, for a store that has none)']);
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) issues.push(['S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID']);
  if (!env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) issues.push(['S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY']);
  return issues;
}

const DEV_API_KEY = 'local-dev-key';

/**
 * The WebAuthn relying party. Its id is a host name (never an IP address: browsers refuse
 * those), by default the first origin's; only origins on that host or under it can use it.
 */
function relyingParty(rpId: string | undefined, origins: string[]) {
  const hostOf = (origin: string) => new URL(origin).hostname;
  const id = rpId ?? (origins.map(hostOf).find((host) => isIP(host) === 0) || 'localhost');
  const usable = origins.filter((origin) => {
    const host = hostOf(origin);
    return host === id || host.endsWith(`.${id}`);
  });
  return { rpId: id, rpName: 'Manager', origins: usable };
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
  if (!secret) issues.push('JWT_SECRET: is required in production; generate one with `openssl rand -base64 32`');
  else {
    const problem = secretProblem(secret);
    if (problem) issues.push(`JWT_SECRET: ${problem}`);
    // The API key is in every browser's config.json: it signs nothing.
    else if (secret === apiKey) issues.push('JWT_SECRET: must differ from API_KEY, which every browser receives');
  }
  return issues;
}

/**
 * Sign-in throttles (src/auth/throttle-repository.ts). Each counts the password and code checks
 * of its window; the check after the last one allowed locks its counter for `lockMs`.
 */
export interface SignInLimits {
  /** Checks per client address, whatever the account (LOGIN_MAX_PER_IP); past it 429. */
  perIp: number;
  /** Checks per account from one address (LOGIN_MAX_PER_ACCOUNT_IP). */
  perAccountIp: number;
  /** Checks per account from all addresses together (LOGIN_MAX_PER_ACCOUNT). */
  perAccount: number;
  windowMs: number;
  lockMs: number;
}

export interface SessionLimits {
  /** SESSION_IDLE_MINUTES in ms. */
  idleMs: number;
  /** SESSION_MAX_HOURS in ms. */
  maxAgeMs: number;
  /** ACCESS_TOKEN_MINUTES in seconds: how long an access token is good before a refresh. */
  accessTokenS: number;
}

/**
 * Production limits per address and window (RATE_LIMIT_WINDOW_SECONDS, 60 s): every call but
 * /auth/*, and /auth/* (each sign-in costs an argon2 hash). Elsewhere they are off unless set,
 * so the e2e suite and the bench, all from one address, are not throttled.
 */
export const RATE_LIMIT_DEFAULTS = { max: 600, authMax: 60 };

/** Where saved uploads live (UPLOADS_STORE and the S3_* variables). */
export type UploadsStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS S3 itself. */
      endpoint?: string;
      /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO and most self-hosted stores). */
      forcePathStyle: boolean;
      /** Unset: the SDK's default credential chain. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  port: number;
  host: string;
  /** Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges); empty: none. */
  trustProxy: string[];
  /** Requests per address and window, in the database (plugins/rate-limit.ts); 0 = no limit. */
  rateLimit: { max: number; authMax: number; windowMs: number };
  apiKey: string;
  /** Lower-case header name (Node lower-cases incoming header names). */
  apiKeyHeader: string;
  corsOrigins: string[];
  /** When absent a key is generated once and kept in the database (see src/auth/jwt-key.ts). */
  jwtSecret?: string;
  databaseUrl?: string;
  pgliteDir: string;
  /** statement_timeout of the API's PostgreSQL connections (ms, 0 = none); see createDb. */
  dbStatementTimeoutMs: number;
  /** The uploads folder: the saved files with the local store, and always the staging folder. */
  uploadsDir: string;
  uploadsStore: UploadsStoreConfig;
  signIn: SignInLimits;
  /** When a session ends by itself: after `idleMs` without a call, `maxAgeMs` after its sign-in. */
  session: SessionLimits;
  /** pg-boss: whether this instance works jobs, and their timings (src/jobs/queue.ts). */
  jobs: { enabled: boolean; expireSeconds: number; maintenanceSeconds: number; pollingSeconds: number };
  /** Cron (UTC) of the transfer-claim reconciliation; null = not scheduled. */
  withdrawalReconcileCron: string | null;
  /** Cron (UTC) of the expired sessions' cleanup; null = not scheduled. */
  sessionCleanupCron: string | null;
  mailingResumeCron: string | null;
  uploadsCleanupCron: string | null;
  /** Age (ms) at which a transfer claim counts as abandoned and is settled by asking the port. */
  withdrawalClaimStaleMs: number;
  /** The reference transfer port's delay after recording a transfer (ms). */
  transferPortDelayMs: number;
  /**
   * An admin without two-factor gets no session from a password: sign-in asks them to enrol
   * an authenticator first (REQUIRE_2FA; default on in production, off otherwise).
   */
  requireTwoFactor: boolean;
  /** TON value (a gift at its price) from which a withdrawal approval needs a second admin. */
  dualApprovalMinTon: number;
  /** Milliseconds between the activity simulator's ticks; 0: off (always in production). */
  simulateActivityMs: number;
  /** How long a confirmed second factor (step-up) lets money move in its session. */
  stepUpWindowMs: number;
  /** WebAuthn relying party: passkeys are bound to `rpId` and accepted from `origins` only. */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  demo: {
    adminUsername: string;
    adminPassword: string;
    twoFactorUsername: string;
    twoFactorPassword: string;
    totpSecret: string;
    backupCodes?: string[];
  };
}

function uploadsStoreOf(e: z.output<typeof envSchema>): UploadsStoreConfig {
  if (e.UPLOADS_STORE === 'local') return { kind: 'local' };
  // Refused by s3Issues before this runs.
  if (!e.S3_BUCKET || !e.S3_REGION) throw new Error('UPLOADS_STORE=s3 needs S3_BUCKET and S3_REGION');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/** Reads the environment once; a bad value stops the process with every offending variable named. */
/** Variables an older release read, and what replaced them. */
const REPLACED_VARIABLES: Record<string, string> = {
  WITHDRAWAL_RECONCILE_INTERVAL_MS: 'replaced by WITHDRAWAL_RECONCILE_CRON (a cron expression; `off` turns the reconciliation off)',
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // A variable that was replaced is refused, not ignored: its old value would silently stop applying.
  for (const [name, instead] of Object.entries(REPLACED_VARIABLES)) if (env[name] !== undefined) issues.push(`${name}: ${instead}`);
  // One message per variable: a value the schema already refused is not judged again.
  issues.push(...productionIssues(env).filter((p) => !issues.some((i) => i.startsWith(p.slice(0, p.indexOf(':') + 1)))));
  if (!parsed.success || issues.length > 0) {
    throw new Error(`Invalid environment:\n${issues.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    port: e.API_PORT,
    host: e.API_HOST,
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      max: e.RATE_LIMIT_MAX ?? (e.NODE_ENV === 'production' ? RATE_LIMIT_DEFAULTS.max : 0),
      authMax: e.RATE_LIMIT_AUTH_MAX ?? (e.NODE_ENV === 'production' ? RATE_LIMIT_DEFAULTS.authMax : 0),
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    apiKey: e.API_KEY ?? DEV_API_KEY,
    apiKeyHeader: e.API_KEY_HEADER,
    corsOrigins: e.CORS_ORIGINS,
    jwtSecret: e.JWT_SECRET,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    uploadsDir: e.UPLOADS_DIR,
    uploadsStore: uploadsStoreOf(e),
    jobs: {
      enabled: e.JOBS_ENABLED,
      expireSeconds: e.JOBS_EXPIRE_SECONDS,
      maintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
      pollingSeconds: e.JOBS_POLLING_SECONDS,
    },
    withdrawalReconcileCron: e.WITHDRAWAL_RECONCILE_CRON,
    sessionCleanupCron: e.SESSION_CLEANUP_CRON,
    mailingResumeCron: e.MAILING_RESUME_CRON,
    uploadsCleanupCron: e.UPLOADS_CLEANUP_CRON,
    withdrawalClaimStaleMs: e.WITHDRAWAL_CLAIM_STALE_MS,
    transferPortDelayMs: e.TRANSFER_PORT_DELAY_MS,
    signIn: {
      perIp: e.LOGIN_MAX_PER_IP,
      perAccountIp: e.LOGIN_MAX_PER_ACCOUNT_IP,
      perAccount: e.LOGIN_MAX_PER_ACCOUNT,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      lockMs: e.LOGIN_LOCK_MINUTES * 60_000,
    },
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000,
      accessTokenS: e.ACCESS_TOKEN_MINUTES * 60,
    },
    requireTwoFactor: e.REQUIRE_2FA ?? e.NODE_ENV === 'production',
    dualApprovalMinTon: e.DUAL_APPROVAL_MIN_TON,
    simulateActivityMs: e.SIMULATE_ACTIVITY_MS,
    // Fixed by policy, not a setting: a longer window is a weaker step-up.
    stepUpWindowMs: STEP_UP_WINDOW_MINUTES * 60_000,
    webauthn: relyingParty(e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS.length ? e.WEBAUTHN_ORIGINS : e.CORS_ORIGINS),
    demo: {
      adminUsername: e.DEMO_ADMIN_USERNAME,
      adminPassword: e.DEMO_ADMIN_PASSWORD,
      twoFactorUsername: e.DEMO_2FA_USERNAME,
      twoFactorPassword: e.DEMO_2FA_PASSWORD ?? e.DEMO_ADMIN_PASSWORD,
      totpSecret: e.DEMO_2FA_SECRET,
      backupCodes: e.DEMO_2FA_BACKUP_CODES,
    },
  };
}
