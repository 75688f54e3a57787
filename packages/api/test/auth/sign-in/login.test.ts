import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (identifier: string, password: string, ip?: string) =>
  t.call({
    method: 'POST',
    url: '/auth/login',
    payload: { identifier, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('POST /auth/login', () => {
  it('signs in by username with tokens and the admin', async () => {
    const res = await login('admin', 'admin12345');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.requires2FA).toBe(false);
    expect(body.data.tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.tokens.refreshToken.length).toBeGreaterThan(30);
    expect(body.data.admin).toEqual({
      id: expect.any(Number),
      username: 'admin',
      email: 'admin@example.com',
      twoFactorEnabled: false,
    });
  });

  it('accepts the e-mail address (any case) as identifier', async () => {
    const res = await login('Admin@Example.com', 'admin12345');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin.username).toBe('admin');
  });

  it('refuses a wrong password and an unknown account with the same 401', async () => {
    for (const res of [await login('admin', 'wrong-password'), await login('nobody', 'admin12345')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Invalid credentials' });
    }
  });

  it('answers a bad body with 400 naming the field, never 500', async () => {
    const missing = await t.call({ method: 'POST', url: '/auth/login', payload: { identifier: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(400);
    expect(missing.json().message).toMatch(/^password: /);
    const wrongType = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 5, password: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/^identifier: /);
    const noBody = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toMatch(/^body: /);
    const badJson = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe(400);
  });

  it('locks the account after 10 failures in 15 minutes, even for the right password, then unlocks', async () => {
    const ip = '10.0.0.2';
    await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin2fa', password: 'admin12345' },
    });
    for (let i = 0; i < 10; i++) expect((await login('admin2fa', `wrong-${i}`, ip)).statusCode).toBe(401);
    const locked = await login('admin2fa', 'admin12345', ip);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe('Invalid credentials');
    // Other accounts are not affected.
    expect((await login('admin', 'admin12345', ip)).statusCode).toBe(200);
    const { auditLog } = await import('../../../src/db/schema/auth');
    const audit = await t.db
      .select({ action: auditLog.action, reason: auditLog.reason, after: auditLog.after })
      .from(auditLog);
    expect(audit.filter((r) => r.action === 'auth.login.failure').length).toBeGreaterThanOrEqual(11);
    expect(audit.some((r) => (r.after as { locked?: boolean } | null)?.locked === true)).toBe(true);
    expect(audit.some((r) => r.reason === 'locked')).toBe(true);
    t.clock.advance(15 * 60 * 1000 + 1000);
    const unlocked = await login('admin2fa', 'admin12345', ip);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().data.requires2FA).toBe(true);
  });

  it('does not lock for failures spread over more than 15 minutes', async () => {
    for (let i = 0; i < 9; i++) await login('admin', 'nope', '10.0.0.3');
    t.clock.advance(16 * 60 * 1000);
    for (let i = 0; i < 9; i++) await login('admin', 'nope', '10.0.0.3');
    expect((await login('admin', 'admin12345', '10.0.0.3')).statusCode).toBe(200);
  });
});

describe('API key, health, unknown routes', () => {
  it('refuses a missing or wrong API key with 403', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password: 'admin12345' },
    });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ code: 403, message: 'Invalid API key' });
    const wrong = await t.call({
      method: 'GET',
      url: '/manager/metrics',
      headers: { [t.config.apiKeyHeader]: 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('serves GET /health without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'Success', data: { status: 'ok' } });
  });

  it('answers unknown routes 404 in the envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Route GET /nope not found' });
  });

  it('lets configured origins through CORS with the key header allowed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/login',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,content-type',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4173');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-api-key');
    const other = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'http://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('per-address throttle', () => {
  it('answers 429 once an address has LOGIN_MAX_PER_IP failures', async () => {
    const small = await buildTestApp({ LOGIN_MAX_PER_IP: '3' });
    try {
      const attempt = (password: string) =>
        small.call({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: '10.9.9.9',
          payload: { identifier: 'x', password },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('bad')).statusCode).toBe(401);
      const blocked = await attempt('bad');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: 429, message: 'Too many attempts. Try again later.' });
      const other = await small.call({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '10.9.9.8',
        payload: { identifier: 'admin', password: 'admin12345' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
