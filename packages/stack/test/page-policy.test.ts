// The console page's policy (page-policy.mjs) and the static server that sends it (node:test;
// run by the package's `test:stack` script: `node --test packages/e2e/stack/`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, pageHeaders } from './page-policy.mjs';
import { runtimeConfig } from './served.mjs';
import { createStaticServer } from './static-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A policy as directive -> its sources. */
const directives = (policy) => new Map(policy.split('; ').map((part) => { const [name, ...list] = part.split(' '); return [name, list]; }));

/** `config.json` of `pnpm start` (served.mjs), API on 3000, console on 4173. */
const stackConfig = runtimeConfig({ env: {}, apiOrigin: 'http://localhost:3000', consoleOrigin: 'http://localhost:4173', apiKey: 'k' });

describe('the console page policy', () => {
  it("names the page's origin, the API, each remote's origin and the override origins, and nothing looser", () => {
    const remotes = {
      users: { entry: 'http://localhost:4174/mf-manifest.json', version: '0.1.0' },
      settings: 'http://localhost:4178/mf-manifest.json',
    };
    const policy = directives(contentSecurityPolicy({ config: stackConfig, remotes }));
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    assert.deepEqual(policy.get('script-src'), ["'self'", 'http://localhost:4174', 'http://localhost:4178', 'http://localhost:4173']);
    assert.deepEqual(policy.get('connect-src'), ["'self'", 'http://localhost:3000', 'http://localhost:4174', 'http://localhost:4178', 'http://localhost:4173']);
    assert.deepEqual(policy.get('img-src'), ["'self'", 'data:', 'blob:', 'https:', 'http://localhost:3000']);
    assert.deepEqual(policy.get('style-src'), ["'self'", "'unsafe-inline'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    assert.deepEqual(policy.get('base-uri'), ["'self'"]);
    assert.deepEqual(policy.get('form-action'), ["'self'"]);
    assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
    assert.equal(policy.size, 9);
  });

  it("takes relative entries from where remotes.json is served: promote's own releases are the page's origin", () => {
    const promoted = { settings: { entry: 'releases/settings/0.1.0-3f9a2c1b/mf-manifest.json' } };
    assert.deepEqual(directives(contentSecurityPolicy({ config: stackConfig, remotes: promoted })).get('script-src'), ["'self'", 'http://localhost:4173']);
    const onCdn = { ...stackConfig, remotesManifestUrl: 'https://cdn.example.com/console/remotes.json', remoteOverrideOrigins: [] };
    const policy = directives(contentSecurityPolicy({ config: onCdn, remotes: promoted }));
    assert.deepEqual(policy.get('script-src'), ["'self'", 'https://cdn.example.com']);
    assert.deepEqual(policy.get('connect-src'), ["'self'", 'http://localhost:3000', 'https://cdn.example.com']);
  });

  it("allows a canary's origin as well as the live one's", () => {
    const remotes = {
      settings: { entry: 'https://a.example.com/mf-manifest.json', canary: { entry: 'https://b.example.com/mf-manifest.json', admins: ['qa'] } },
    };
    const script = directives(contentSecurityPolicy({ config: { ...stackConfig, remoteOverrideOrigins: [] }, remotes })).get('script-src');
    assert.deepEqual(script, ["'self'", 'https://a.example.com', 'https://b.example.com']);
  });

  it('never takes a keyword, a wildcard, a scheme or a directive of its own from config.json or remotes.json', () => {
    const hostile = {
      apiBaseUrl: "http://api.example.com; script-src 'unsafe-inline'",
      uploadsBaseUrl: 'javascript:alert(1)',
      nftImageBaseUrl: 'data:text/html,x',
      remotesManifestUrl: '/remotes.json',
      remoteOverrideOrigins: ['*', "'unsafe-eval'", 'https://*.example.com', 'http://a;b.example.com', 'ftp://files.example.com'],
    };
    const remotes = { users: { entry: "http://x.example.com'unsafe-inline'/mf-manifest.json" }, settings: 42, engagement: null };
    const policy = contentSecurityPolicy({ config: hostile, remotes });
    assert.equal(policy, contentSecurityPolicy());
    assert.doesNotMatch(policy, /unsafe-eval|\*|javascript|ftp/);
  });

  it('with no config at all, a page may load from its own origin only', () => {
    const policy = directives(contentSecurityPolicy());
    assert.deepEqual(policy.get('script-src'), ["'self'"]);
    assert.deepEqual(policy.get('connect-src'), ["'self'"]);
  });

  it('the page headers: the policy, never framed, no referrer', () => {
    assert.deepEqual(pageHeaders('default-src x'), {
      'Content-Security-Policy': 'default-src x',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it("is what the production nginx example sends for the config.json and remotes.json it describes", () => {
    const conf = fs.readFileSync(path.join(here, '../../../deploy/nginx/production.example.conf'), 'utf8');
    const sent = /add_header Content-Security-Policy "([^"]+)" always;/.exec(conf)?.[1];
    const config = {
      apiBaseUrl: 'https://api.example.com',
      uploadsBaseUrl: 'https://api.example.com/uploads/',
      nftImageBaseUrl: 'https://nft.fragment.com/gift/',
      remotesManifestUrl: '/remotes.json',
    };
    const remotes = { settings: { entry: 'releases/settings/0.1.0-3f9a2c1b/mf-manifest.json' } };
    assert.equal(sent, contentSecurityPolicy({ config, remotes }));
    assert.match(conf, /add_header X-Frame-Options DENY always;/);
    assert.match(conf, /add_header X-Content-Type-Options nosniff always;/);
    assert.match(conf, /add_header Referrer-Policy no-referrer always;/);
  });

  it('prints the policy for config.json and remotes.json given as files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-policy-'));
    try {
      fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(stackConfig));
      fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify({ users: 'https://cdn.example.com/users/mf-manifest.json' }));
      const run = spawnSync(process.execPath, [path.join(here, 'page-policy.mjs'), path.join(dir, 'config.json'), path.join(dir, 'remotes.json')], { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), contentSecurityPolicy({ config: stackConfig, remotes: { users: 'https://cdn.example.com/users/mf-manifest.json' } }));
      const missing = spawnSync(process.execPath, [path.join(here, 'page-policy.mjs'), path.join(dir, 'nope.json')], { encoding: 'utf8' });
      assert.equal(missing.status, 1);
      assert.match(missing.stderr, /usage: page-policy\.mjs/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the static server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-policy-server-'));
  const root = path.join(dir, 'dist');
  const releases = path.join(dir, 'releases');
  let policy = "default-src 'self'; frame-ancestors 'none'";
  let asked = 0;
  let server;
  let base;

  before(async () => {
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(root, 'assets/index-abc.js'), 'export {};');
    fs.writeFileSync(path.join(root, 'theme-before-paint.js'), '');
    fs.mkdirSync(path.join(releases, 'settings/0.1.0-aaaaaaaa'), { recursive: true });
    fs.writeFileSync(path.join(releases, 'settings/0.1.0-aaaaaaaa/index.html'), '<!doctype html><title>harness</title>');
    server = createStaticServer({
      root, host: '127.0.0.1', port: 0, spa: true,
      dynamic: { '/config.json': () => ({}) },
      mounts: { '/releases/': releases },
      pagePolicy: () => (asked++, policy),
    });
    await server.start();
    base = `http://127.0.0.1:${server.port}`;
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const page of ['/', '/index.html', '/users/list', '/releases/settings/0.1.0-aaaaaaaa/index.html']) {
    it(`sends the page headers with ${page}, and nosniff`, async () => {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${base}${page}`, { method });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-security-policy'), policy);
        assert.equal(res.headers.get('x-frame-options'), 'DENY');
        assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      }
    });
  }

  it('asks for the policy at each page answer, so a change (a promoted origin) is sent at the next load', async () => {
    const before = asked;
    policy = "default-src 'self' https://cdn.example.com";
    assert.equal((await fetch(`${base}/settings`)).headers.get('content-security-policy'), policy);
    assert.equal(asked, before + 1);
  });

  for (const file of ['/assets/index-abc.js', '/config.json', '/theme-before-paint.js', '/missing.js', '/releases/nope']) {
    it(`sends nosniff and no page policy with ${file}`, async () => {
      const res = await fetch(`${base}${file}`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('content-security-policy'), null);
      assert.equal(res.headers.get('x-frame-options'), null);
    });
  }

  it("revalidates the shell's theme script on every load: index.html names it, never a hashed file", async () => {
    assert.equal((await fetch(`${base}/theme-before-paint.js`)).headers.get('cache-control'), 'no-cache');
  });
});
