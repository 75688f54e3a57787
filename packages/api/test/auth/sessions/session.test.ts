import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.call({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken } });
const profile = (token?: string) =>
  t.call({ method: 'GET', url: '/auth/profile', ...(token ? { token } : {}) });

describe('profile and the bearer guard', () => {
  it('returns the admin for a valid bearer token', async () => {
    const { accessToken } = await signIn(t);
    const res = await profile(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin).toMatchObject({ username: 'admin', twoFactorEnabled: false });
  });

  it('answers 401 Unauthorized without, with a bad, or with an expired token', async () => {
    const { accessToken } = await signIn(t);
    for (const res of [
      await profile(),
      await profile('not.a.jwt'),
      await t.call({ method: 'GET', url: '/manager/anything', token: 'x' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Unauthorized' });
    }
    t.clock.advance(15 * 60_000 + 1000);
    expect((await profile(accessToken)).statusCode).toBe(401);
  });

  it('refuses a token once expired or altered even after it was accepted (verified tokens are cached)', async () => {
    const { accessToken } = await signIn(t);
    expect((await profile(accessToken)).statusCode).toBe(200);
    expect((await profile(accessToken)).statusCode).toBe(200);
    const [head, body, signature] = accessToken.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.at(-2) === 'A' ? 'B' : 'A'}${signature!.at(-1)}`;
    expect((await profile(`${head}.${body}.${flipped}`)).statusCode).toBe(401);
    t.clock.advance(15 * 60_000 - 2000);
    expect((await profile(accessToken)).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await profile(accessToken)).statusCode).toBe(401);
  });
});

describe('refresh-token rotation', () => {
  it('rotates: the new pair works, the response carries the admin', async () => {
    const first = await signIn(t);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.admin.username).toBe('admin');
    expect(data.tokens.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(data.tokens.accessToken)).statusCode).toBe(200);
    expect((await refresh(data.tokens.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used token is replayed', async () => {
    const first = await signIn(t);
    const second = (await refresh(first.refreshToken)).json().data.tokens;
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid refresh token');
    // The legitimate newer token and its access token die with the family.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await profile(second.accessToken)).statusCode).toBe(401);
    // Other sessions of the same admin are untouched.
    const other = await signIn(t);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous refreshes with one token win', async () => {
    const { refreshToken } = await signIn(t);
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect((await refresh('made-up')).statusCode).toBe(401);
    const { refreshToken } = await signIn(t);
    t.clock.advance(8 * 24 * 3600_000);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('needs a refreshToken field (400 naming it)', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/refresh-token', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^refreshToken: /);
  });
});

describe('logout', () => {
  it('ends the session: its refresh and access tokens stop working; a JSON header with no body is fine', async () => {
    const session = await signIn(t);
    const res = await t.call({
      method: 'POST',
      url: '/auth/logout',
      token: session.accessToken,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(200);
    expect((await profile(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('requires a bearer token', async () => {
    expect((await t.call({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });
});
