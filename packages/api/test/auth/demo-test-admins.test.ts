import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsWithDemoCredentials } from '../../src/auth/demo-admins';
import { buildTestApp, type TestApp } from '../support/helper';

// DEMO_TEST_ADMINS: the pairs of test Owners the end-to-end suite signs in as, one per worker.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEMO_TEST_ADMINS: '2' });
});
afterAll(() => t.close());

const login = (identifier: string, password = 'admin12345') =>
  t.call({ method: 'POST', url: '/auth/login', payload: { identifier, password } });

describe('DEMO_TEST_ADMINS', () => {
  it('seeds qa-<n> without and qa-<n>-totp with a second factor, each an Owner', async () => {
    expect(t.demo.testAdmins).toEqual(['qa-1', 'qa-1-totp', 'qa-2', 'qa-2-totp']);
    for (const plain of ['qa-1', 'qa-2']) {
      const res = await login(plain);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.requires2FA).toBe(false);
      const profile = await t.call({
        method: 'GET',
        url: '/auth/profile',
        token: res.json().data.tokens.accessToken,
      });
      expect(profile.json().data.roles.map((r: { id: string }) => r.id)).toEqual(['owner']);
    }
    for (const totp of ['qa-1-totp', 'qa-2-totp']) {
      const res = await login(totp);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ requires2FA: true, methods: ['totp'] });
    }
  });

  it('none by default, and production refuses them like the other demo admins', async () => {
    const plain = await buildTestApp();
    try {
      expect(plain.demo.testAdmins).toEqual([]);
      expect(
        (
          await plain.call({
            method: 'POST',
            url: '/auth/login',
            payload: { identifier: 'qa-1', password: 'admin12345' },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await plain.close();
    }
    expect(await adminsWithDemoCredentials(t.db, t.config)).toEqual(
      expect.arrayContaining(['qa-1', 'qa-1-totp', 'qa-2', 'qa-2-totp']),
    );
  });
});
