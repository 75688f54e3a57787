import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallSpec } from '@manager/contract';
import { totpAt } from '../../src/auth/totp';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { PNG } from '../support/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const API_CSP = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";

describe('security headers', () => {
  it('every kind of answer carries them: success, refusal, error, unknown route, the OpenAPI document', async () => {
    const answers = {
      health: await t.app.inject({ method: 'GET', url: '/health' }),
      docs: await t.app.inject({ method: 'GET', url: '/docs' }),
      noKey: await t.app.inject({ method: 'GET', url: '/manager/metrics' }),
      noToken: await t.call({ method: 'GET', url: '/manager/metrics' }),
      badBody: await t.call({ method: 'POST', url: '/auth/login', payload: { identifier: 'admin' } }),
      unknown: await t.call({ method: 'GET', url: '/nowhere' }),
    };
    expect(Object.values(answers).map((a) => a.statusCode)).toEqual([200, 200, 403, 401, 400, 404]);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers, name).toMatchObject({
        'content-security-policy': API_CSP,
        'cross-origin-resource-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
      expect(res.headers['x-powered-by'], name).toBeUndefined();
    }
    // The OpenAPI document is still served whole.
    expect(answers.docs.json()).toMatchObject({
      openapi: expect.stringMatching(/^3\.1/),
      paths: expect.any(Object),
    });
  });

  it('uploaded images may be shown by the console from another origin; the staging folder is not served', async () => {
    writeFileSync(join(t.config.uploadsDir, 'shown.png'), PNG);
    const image = await t.app.inject({ method: 'GET', url: '/uploads/shown.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe(API_CSP);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/.incoming/x.part' })).statusCode,
    ).toBeGreaterThanOrEqual(403);
  });
});

describe('Cache-Control: no-store on every /auth/* answer', () => {
  it('sign-in, second factor and refresh answers, which carry tokens', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password: 'admin12345' },
    });
    const twoFactor = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin2fa', password: 'admin12345' },
    });
    const { adminId, tempToken } = twoFactor.json().data;
    const code = totpAt(t.config.demo.totpSecret, t.clock.now().getTime() / 1000);
    const verify = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { adminId, tempToken, token: code },
    });
    const refresh = await t.call({
      method: 'POST',
      url: '/auth/refresh-token',
      payload: { refreshToken: login.json().data.tokens.refreshToken },
    });
    const failed = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password: 'wrong-password' },
    });
    // The router decodes the path: an escaped letter reaches the same call, with the same header.
    const escaped = await t.call({
      method: 'POST',
      url: '/%61uth/login',
      payload: { identifier: 'admin', password: 'admin12345' },
    });
    const answers = [login, twoFactor, verify, refresh, failed, escaped];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('every call of the contract under /auth, whatever it answers (logout last)', async () => {
    const { accessToken } = await signIn(t);
    const authCalls = Object.values(calls as Record<string, CallSpec>).filter((c) =>
      c.path.startsWith('/auth/'),
    );
    authCalls.sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
    expect(authCalls.length).toBeGreaterThanOrEqual(9);
    for (const call of authCalls) {
      const res = await t.call({
        method: call.method,
        url: call.path,
        token: accessToken,
        ...(call.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.headers['cache-control'], `${call.method} ${call.path} (${res.statusCode})`).toBe(
        'no-store',
      );
    }
  });
});
