import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('has working local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      apiKey: 'local-dev-key',
      apiKeyHeader: 'x-api-key',
    });
    expect(config.signIn).toEqual({
      perIp: 100,
      perAccountIp: 10,
      perAccount: 50,
      windowMs: 15 * 60_000,
      lockMs: 15 * 60_000,
    });
    expect(config.corsOrigins).toContain('http://localhost:4173');
    expect(config.corsOrigins).toContain('http://127.0.0.1:4178');
    expect(config.demo).toMatchObject({
      adminUsername: 'admin',
      twoFactorUsername: 'admin2fa',
      twoFactorPassword: 'admin12345',
      backupCodes: undefined,
    });
  });

  it('fails fast naming every bad variable', () => {
    expect(() =>
      loadConfig({ API_PORT: 'abc', JWT_SECRET: 'short', DEMO_2FA_SECRET: 'not base32!' }),
    ).toThrow(/API_PORT[\s\S]*JWT_SECRET[\s\S]*DEMO_2FA_SECRET/);
  });

  it('refuses a replaced variable, naming what replaced it', () => {
    expect(() => loadConfig({ WITHDRAWAL_RECONCILE_INTERVAL_MS: '0' })).toThrow(
      /WITHDRAWAL_RECONCILE_INTERVAL_MS: replaced by WITHDRAWAL_RECONCILE_CRON/,
    );
  });

  it('requires JWT_SECRET in production and reads lists', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required in production/);
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      API_KEY_HEADER: 'X-Key',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.apiKeyHeader).toBe('x-key');
  });

  it('reads the sign-in throttles; the whole account locks no sooner than one address on it', () => {
    const config = loadConfig({
      LOGIN_MAX_PER_IP: '30',
      LOGIN_MAX_PER_ACCOUNT_IP: '5',
      LOGIN_MAX_PER_ACCOUNT: '20',
      LOGIN_WINDOW_MINUTES: '60',
      LOGIN_LOCK_MINUTES: '5',
    });
    expect(config.signIn).toEqual({
      perIp: 30,
      perAccountIp: 5,
      perAccount: 20,
      windowMs: 60 * 60_000,
      lockMs: 5 * 60_000,
    });
    expect(() => loadConfig({ LOGIN_MAX_PER_ACCOUNT_IP: '20', LOGIN_MAX_PER_ACCOUNT: '10' })).toThrow(
      /LOGIN_MAX_PER_ACCOUNT: must be at least LOGIN_MAX_PER_ACCOUNT_IP/,
    );
    expect(() => loadConfig({ LOGIN_LOCK_MINUTES: '0' })).toThrow(/LOGIN_LOCK_MINUTES/);
  });

  it('reads the owner next to the runtime role, never without it (PGlite has one user)', () => {
    const owner = 'postgres://manager@db.internal/manager';
    const runtime = 'postgres://manager_app@db.internal/manager';
    expect(loadConfig({ DATABASE_URL: runtime, MIGRATION_DATABASE_URL: owner })).toMatchObject({
      databaseUrl: runtime,
      migrationDatabaseUrl: owner,
    });
    expect(loadConfig({ DATABASE_URL: runtime }).migrationDatabaseUrl).toBeUndefined();
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: owner })).toThrow(
      /MIGRATION_DATABASE_URL: is the owner's URL next to DATABASE_URL/,
    );
  });
});

describe('loadConfig in production', () => {
  const good = {
    NODE_ENV: 'production',
    API_KEY: 'console-key-7d1e0b',
    JWT_SECRET: randomBytes(32).toString('base64'),
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('requires API_KEY and JWT_SECRET, naming both', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toMatch(/API_KEY: is required in production/);
    expect(message).toMatch(
      /JWT_SECRET: is required in production; generate one with `openssl rand -base64 32`/,
    );
  });

  it('refuses a published API key, whatever its case', () => {
    expect(refusal({ ...good, API_KEY: 'local-dev-key' })).toMatch(/API_KEY: is a published default value/);
    expect(refusal({ ...good, API_KEY: ' Local-Dev-Key ' })).toMatch(/API_KEY: is a published default value/);
  });

  it('refuses a weak or published JWT secret, saying how it was measured', () => {
    expect(refusal({ ...good, JWT_SECRET: 'a'.repeat(64) })).toMatch(
      /JWT_SECRET: is too repetitive to be random \(Shannon estimate over its characters 0 bits, at least 160/,
    );
    expect(refusal({ ...good, JWT_SECRET: 'ab'.repeat(40) })).toMatch(/JWT_SECRET: is too repetitive/);
    expect(refusal({ ...good, JWT_SECRET: randomBytes(16).toString('hex').repeat(2) })).toMatch(
      /JWT_SECRET: is too repetitive/,
    );
    expect(refusal({ ...good, JWT_SECRET: randomBytes(24).toString('hex') })).toMatch(
      /JWT_SECRET: must hold at least 32 random bytes \(256 bits: 64 hex or 43 base64 characters\), this value can hold at most 192/,
    );
    expect(refusal({ ...good, JWT_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })).toMatch(
      /JWT_SECRET: is a published default value/,
    );
    expect(refusal({ ...good, JWT_SECRET: 'short' })).toMatch(/JWT_SECRET: must be at least 32 characters$/);
  });

  it('refuses the test delay of the reference transfer provider', () => {
    expect(refusal({ ...good, TRANSFER_PORT_DELAY_MS: '5000' })).toMatch(
      /TRANSFER_PORT_DELAY_MS: simulates a slow transfer provider for tests; it must be 0 in production/,
    );
    expect(refusal({ ...good, TRANSFER_PORT_DELAY_MS: '0' })).toBe('accepted');
    expect(refusal({ ...good, SIMULATE_ACTIVITY_MS: '3000' })).toMatch(
      /SIMULATE_ACTIVITY_MS: simulates player activity for a demo; it must be 0 in production/,
    );
    expect(refusal({ ...good, SIMULATE_ACTIVITY_MS: '0' })).toBe('accepted');
  });

  it('refuses a JWT secret equal to the API key, which browsers receive', () => {
    expect(refusal({ ...good, API_KEY: good.JWT_SECRET })).toMatch(/JWT_SECRET: must differ from API_KEY/);
  });

  it('never echoes the refused values', () => {
    const message = refusal({ NODE_ENV: 'production', API_KEY: 'local-dev-key', JWT_SECRET: 'Z'.repeat(48) });
    expect(message).toMatch(/API_KEY: [\s\S]*JWT_SECRET: /);
    expect(message).not.toContain('Z'.repeat(48));
    expect(message.match(/local-dev-key/g)).toBeNull();
  });

  it('accepts random 32-byte secrets in hex, base64 and base64url', () => {
    for (let i = 0; i < 300; i++) {
      for (const encoding of ['hex', 'base64', 'base64url'] as const) {
        expect(refusal({ ...good, JWT_SECRET: randomBytes(32).toString(encoding) })).toBe('accepted');
      }
    }
    expect(loadConfig(good)).toMatchObject({
      nodeEnv: 'production',
      apiKey: good.API_KEY,
      jwtSecret: good.JWT_SECRET,
    });
  });
});

describe('loadConfig: two-factor', () => {
  it('requires two-factor enrolment in production unless REQUIRE_2FA says otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      API_KEY: 'console-key-7d1e0b',
      JWT_SECRET: randomBytes(32).toString('base64'),
    };
    expect(loadConfig({}).requireTwoFactor).toBe(false);
    expect(loadConfig(production).requireTwoFactor).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_2FA: 'false' }).requireTwoFactor).toBe(false);
    expect(loadConfig({ REQUIRE_2FA: 'true' }).requireTwoFactor).toBe(true);
    expect(() => loadConfig({ REQUIRE_2FA: 'maybe' })).toThrow(/REQUIRE_2FA/);
  });
});
