import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rateLimitCounters } from '../../src/db/schema/index';
import { ok } from '../../src/lib/envelope';
import { buildTestApp, type TestApp } from '../support/helper';

describe('TRUST_PROXY', () => {
  it('takes a list of proxy addresses and CIDR ranges; empty or false trusts none', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback' }).trustProxy).toEqual(
      ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    );
  });

  it('refuses true (any peer could choose its address) and anything that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*list the proxy addresses or CIDR ranges/,
    );
    for (const bad of ['1', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', '10.0.0.256']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY.*expected IP addresses or CIDR ranges/,
      );
    }
  });
});

describe('the client address behind a listed proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '10.0.0.1,172.16.0.0/12', RATE_LIMIT_MAX: '100' });
    t.app.get('/test-ip', async (request) => ok({ ip: request.ip }));
  });
  afterAll(() => t.close());

  const from = (peer: string, forwardedFor: string) =>
    t.call({
      method: 'GET',
      url: '/test-ip',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('believes X-Forwarded-For from a listed proxy (an address or inside a range)', async () => {
    expect((await from('10.0.0.1', '203.0.113.7')).json().data.ip).toBe('203.0.113.7');
    expect((await from('172.20.1.2', '203.0.113.8')).json().data.ip).toBe('203.0.113.8');
  });

  it('ignores it from any other peer: the address is the peer itself', async () => {
    expect((await from('10.0.0.2', '203.0.113.9')).json().data.ip).toBe('10.0.0.2');
    expect((await from('198.51.100.4', '10.0.0.1, 203.0.113.9')).json().data.ip).toBe('198.51.100.4');
  });

  it('the rate limit counts by that address', async () => {
    await from('10.0.0.1', '203.0.113.50');
    await from('198.51.100.60', '203.0.113.61');
    const keys = (await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (r) => r.key,
    );
    expect(keys).toContain('all:203.0.113.50');
    expect(keys).toContain('all:198.51.100.60');
    expect(keys).not.toContain('all:203.0.113.61');
  });
});
