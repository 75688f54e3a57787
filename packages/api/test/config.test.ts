import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has working local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', apiKey: 'local-dev-key', apiKeyHeader: 'x-api-key' });
    expect(config.signIn).toEqual({ perIp: 100, perAccountIp: 10, perAccount: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });
    expect(config.corsOrigins).toContain('http://localhost:4173');
    expect(config.corsOrigins).toContain('http://127.0.0.1:4178');
    expect(config.demo).toMatchObject({ adminUsername: 'admin', twoFactorUsername: 'admin2fa', twoFactorPassword: 'admin12345', backupCodes: undefined });
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc', JWT_SECRET: 'short', DEMO_2FA_SECRET: 'not base32!' })).toThrow(
      /API_PORT[\s\S]*JWT_SECRET[\s\S]*DEMO_2FA_SECRET/,
    );
  });

  it('requires JWT_SECRET in production and reads lists', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required in production/);
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', API_KEY_HEADER: 'X-Key' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.apiKeyHeader).toBe('x-key');
  });

  it('reads the sign-in throttles; the whole account locks no sooner than one address on it', () => {
    const config = loadConfig({ LOGIN_MAX_PER_IP: '30', LOGIN_MAX_PER_ACCOUNT_IP: '5', LOGIN_MAX_PER_ACCOUNT: '20', LOGIN_WINDOW_MINUTES: '60', LOGIN_LOCK_MINUTES: '5' });
    expect(config.signIn).toEqual({ perIp: 30, perAccountIp: 5, perAccount: 20, windowMs: 60 * 60_000, lockMs: 5 * 60_000 });
    expect(() => loadConfig({ LOGIN_MAX_PER_ACCOUNT_IP: '20', LOGIN_MAX_PER_ACCOUNT: '10' })).toThrow(/LOGIN_MAX_PER_ACCOUNT: must be at least LOGIN_MAX_PER_ACCOUNT_IP/);
    expect(() => loadConfig({ LOGIN_LOCK_MINUTES: '0' })).toThrow(/LOGIN_LOCK_MINUTES/);
  });
});
