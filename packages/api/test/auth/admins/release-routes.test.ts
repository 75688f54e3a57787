import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import releaseRoutes, { INVALID_RELEASE_TOKEN } from '../../../src/auth/admins/release-routes';
import { DEV_RELEASES_TOKEN } from '@manager/contract';
import { loadConfig } from '../../../src/config';
import { admins } from '../../../src/db/schema/auth';
import { extraAdmin } from '../../support/admins-support';
import { buildTestApp, type TestApp } from '../../support/helper';
import { fingerprint } from '../../support/db-fingerprint';

/** POST /releases/canary-admins: what `pnpm promote --canary` asks before it names admins. */
describe('the release tool asks which canary names reach nobody', () => {
  const TOKEN = 'a-release-pipeline-secret-of-the-test-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RELEASES_TOKEN: TOKEN });
    await extraAdmin(t, 'gone', ['support']);
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.username, 'gone'));
  });
  afterAll(() => t.close());

  const ask = (body: unknown, authorization: string | null = `Bearer ${TOKEN}`) =>
    t.app.inject({
      method: 'POST',
      url: '/releases/canary-admins',
      headers: authorization ? { authorization } : {},
      payload: body as object,
    });

  it('names the unknown ones (with the spelling that exists when only the case differs) and the disabled ones', async () => {
    const res = await ask({ usernames: ['admin2fa', 'admn2fa', 'Admin', 'gone'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      unknown: [{ username: 'admn2fa' }, { username: 'Admin', didYouMean: 'admin' }],
      disabled: ['gone'],
    });
    expect((await ask({ usernames: ['admin', 'admin2fa'] })).json().data).toEqual({
      unknown: [],
      disabled: [],
    });
  });

  it('needs no API key but the release token: a wrong or missing one is 401 and reads nothing', async () => {
    for (const authorization of [null, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await ask({ usernames: ['admin'] }, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ message: INVALID_RELEASE_TOKEN });
    }
  });

  it.each([
    [{}, 'usernames'],
    [{ usernames: [] }, 'usernames'],
    [{ usernames: [''] }, 'usernames'],
    [{ usernames: 'admin' }, 'usernames'],
  ])('%j is a 400 naming the field, changing nothing', async (body, field) => {
    const before = await fingerprint(t);
    const res = await ask(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('where the route exists', () => {
  const routesOf = async (releasesToken: string | undefined) => {
    const app = Fastify({ logger: false });
    app.decorate('config', { ...loadConfig({ NODE_ENV: 'test' }), releasesToken });
    const registered: string[] = [];
    app.addHook('onRoute', (r) => void registered.push(`${String(r.method)} ${r.url}`));
    await app.register(releaseRoutes);
    await app.close();
    return registered;
  };

  it('outside production with the development token; nowhere without a token (production unset)', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).releasesToken).toBe(DEV_RELEASES_TOKEN);
    expect(await routesOf(DEV_RELEASES_TOKEN)).toEqual([
      'POST /releases/canary-admins',
      'POST /releases/notices',
    ]);
    expect(await routesOf(undefined)).toEqual([]);
  });

  it('production refuses a published or weak token', () => {
    const production = {
      NODE_ENV: 'production',
      API_KEY: 'console-key-7d1e0b',
      JWT_SECRET: randomBytes(32).toString('base64'),
    };
    expect(loadConfig(production).releasesToken).toBeUndefined();
    for (const token of [DEV_RELEASES_TOKEN, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'])
      expect(() => loadConfig({ ...production, RELEASES_TOKEN: token }), token).toThrow('RELEASES_TOKEN');
    const strong = randomBytes(32).toString('base64');
    expect(loadConfig({ ...production, RELEASES_TOKEN: strong }).releasesToken).toBe(strong);
  });
});
