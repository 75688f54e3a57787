import { isIP } from 'node:net';
import { DEV_RELEASES_TOKEN, STEP_UP_WINDOW_MINUTES } from '@manager/contract';
import { DEV_SERVER_ORIGINS, parseEnv, type Env } from './config-env';
import type { AmountLimits } from './lib/amount-limits';

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
  /**
   * The release tool's secret (POST /releases/canary-admins); without one in production the
   * route does not exist.
   */
  releasesToken?: string;
  corsOrigins: string[];
  /** When absent a key is generated once and kept in the database (see src/auth/jwt-key.ts). */
  jwtSecret?: string;
  /** PostgreSQL URL of the role the API serves as (DATABASE_URL); unset: PGlite. */
  databaseUrl?: string;
  /**
   * The schema owner's URL (MIGRATION_DATABASE_URL): migrations, grants to DATABASE_URL's role,
   * the seed. Unset: DATABASE_URL's role migrates (and then owns the tables). Refused by the
   * production server, which must not hold the owner's password.
   */
  migrationDatabaseUrl?: string;
  /** Where the event stream LISTENs (DATABASE_LISTEN_URL): PostgreSQL itself, never a transaction pooler. */
  databaseListenUrl?: string;
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
  /** Cron (UTC) of the console events' cleanup (older than a day); null = not scheduled. */
  eventsCleanupCron: string | null;
  /** The console event stream's heartbeat period (ms; EVENTS_HEARTBEAT_MS of the contract by default). */
  eventsHeartbeatMs: number;
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
  /** The largest amount a form may set, by currency (src/lib/amount-limits.ts, MAX_AMOUNT_*). */
  amountLimits: AmountLimits;
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
    /** How many test Owners (`qa-1` ... `qa-<n>`) the demo seed adds; 0: none. */
    testAdmins: number;
  };
}

function uploadsStoreOf(e: Env): UploadsStoreConfig {
  if (e.UPLOADS_STORE === 'local') return { kind: 'local' };
  // Refused by s3Issues before this runs.
  if (!e.S3_BUCKET || !e.S3_REGION) throw new Error('UPLOADS_STORE=s3 needs S3_BUCKET and S3_REGION');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** Reads the environment once; a bad value stops the process with every offending variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
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
    releasesToken: e.RELEASES_TOKEN ?? (e.NODE_ENV === 'production' ? undefined : DEV_RELEASES_TOKEN),
    corsOrigins: e.CORS_ORIGINS,
    jwtSecret: e.JWT_SECRET,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
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
    eventsCleanupCron: e.EVENTS_CLEANUP_CRON,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_MS,
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
    amountLimits: {
      TON: e.MAX_AMOUNT_TON,
      STAR: e.MAX_AMOUNT_STARS,
      RED_CHIP: e.MAX_AMOUNT_RED_CHIP,
      PLAY: e.MAX_AMOUNT_PLAY,
    },
    simulateActivityMs: e.SIMULATE_ACTIVITY_MS,
    // Fixed by policy, not a setting: a longer window is a weaker step-up.
    stepUpWindowMs: STEP_UP_WINDOW_MINUTES * 60_000,
    webauthn: relyingParty(
      e.WEBAUTHN_RP_ID,
      e.WEBAUTHN_ORIGINS.length
        ? e.WEBAUTHN_ORIGINS
        : [...e.CORS_ORIGINS, ...(e.NODE_ENV === 'production' ? [] : DEV_SERVER_ORIGINS)],
    ),
    demo: {
      adminUsername: e.DEMO_ADMIN_USERNAME,
      adminPassword: e.DEMO_ADMIN_PASSWORD,
      twoFactorUsername: e.DEMO_2FA_USERNAME,
      twoFactorPassword: e.DEMO_2FA_PASSWORD ?? e.DEMO_ADMIN_PASSWORD,
      totpSecret: e.DEMO_2FA_SECRET,
      backupCodes: e.DEMO_2FA_BACKUP_CODES,
      testAdmins: e.DEMO_TEST_ADMINS,
    },
  };
}
