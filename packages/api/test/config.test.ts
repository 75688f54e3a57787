import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has working local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', apiKey: 'local-dev-key', apiKeyHeader: 'x-api-key', loginMaxPerIp: 100 });
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

  it('requires two-factor enrolment in production unless REQUIRE_2FA says otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(8) + 'Zx81-qPw4_LmT0v9sRj2YbN6' };
    expect(loadConfig({}).requireTwoFactor).toBe(false);
    expect(loadConfig(production).requireTwoFactor).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_2FA: 'false' }).requireTwoFactor).toBe(false);
    expect(loadConfig({ REQUIRE_2FA: 'true' }).requireTwoFactor).toBe(true);
    expect(() => loadConfig({ REQUIRE_2FA: 'maybe' })).toThrow(/REQUIRE_2FA/);
  });
});
