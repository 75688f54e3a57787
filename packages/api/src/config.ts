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
const backupCode = z.string().regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/, 'backup codes look like XXXX-XXXX');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback only unless asked: the demo database holds known credentials.
    API_HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: z.stringbool().default(false),
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
    // Unset: required in production only (see Config.requireTwoFactor).
    REQUIRE_2FA: z.preprocess(blankToUndefined, z.stringbool().optional()),
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

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  port: number;
  host: string;
  trustProxy: boolean;
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
  /**
   * An admin without two-factor gets no session from a password: sign-in asks them to enrol
   * an authenticator first (REQUIRE_2FA; default on in production, off otherwise).
   */
  requireTwoFactor: boolean;
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
    apiKey: e.API_KEY,
    apiKeyHeader: e.API_KEY_HEADER,
    corsOrigins: e.CORS_ORIGINS,
    jwtSecret: e.JWT_SECRET,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    uploadsDir: e.UPLOADS_DIR,
    loginMaxPerIp: e.LOGIN_MAX_PER_IP,
    requireTwoFactor: e.REQUIRE_2FA ?? e.NODE_ENV === 'production',
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
