import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PGLITE_DIR, resolvePackagePath } from './db/client';

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
    API_KEY: z.string().min(1).default('local-dev-key'),
    API_KEY_HEADER: z.string().min(1).default('x-api-key').transform((h) => h.toLowerCase()),
    CORS_ORIGINS: csv(localOrigins),
    JWT_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    DATABASE_URL: optionalText,
    PGLITE_DIR: z.string().min(1).default(DEFAULT_PGLITE_DIR),
    // Last guard against a slow query on PostgreSQL (0 = none); PGlite cannot enforce it.
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    UPLOADS_DIR: z.string().min(1).default('.data/uploads').transform(resolvePackagePath),
    LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(100),
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
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'is required in production',
  });

/**
 * Production limits per address and window (RATE_LIMIT_WINDOW_SECONDS, 60 s): every call but
 * /auth/*, and /auth/* (each sign-in costs an argon2 hash). Elsewhere they are off unless set,
 * so the e2e suite and the bench, all from one address, are not throttled.
 */
export const RATE_LIMIT_DEFAULTS = { max: 600, authMax: 60 };

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
  uploadsDir: string;
  loginMaxPerIp: number;
  demo: {
    adminUsername: string;
    adminPassword: string;
    twoFactorUsername: string;
    twoFactorPassword: string;
    totpSecret: string;
    backupCodes?: string[];
  };
}

/** Reads the environment once; a bad value stops the process with every offending variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
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
    apiKey: e.API_KEY,
    apiKeyHeader: e.API_KEY_HEADER,
    corsOrigins: e.CORS_ORIGINS,
    jwtSecret: e.JWT_SECRET,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    uploadsDir: e.UPLOADS_DIR,
    loginMaxPerIp: e.LOGIN_MAX_PER_IP,
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
