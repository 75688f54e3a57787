// The console page's policy (src/page-policy.ts) and the static server that sends it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, pageHeaders } from '../src/page-policy';
import { runtimeConfig } from '../src/served';
import { createStaticServer, type StaticServer } from '../src/static-server';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(packageDir, '../..');

/** A policy as directive -> its sources. */
const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((part) => {
      const [name, ...list] = part.split(' ');
      return [name, list];
    }),
  );

/** `pnpm --filter @manager/stack page-policy <files>`, as the command runs it. */
const pagePolicyCli = (...files: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/page-policy.ts', ...files], {
    cwd: packageDir,
    encoding: 'utf8',
  });

/** `config.json` of `pnpm start` (served.ts), API on 3000, console on 4173. */
const stackConfig = runtimeConfig({
  env: {},
  apiOrigin: 'http://localhost:3000',
  consoleOrigin: 'http://localhost:4173',
  apiKey: 'k',
});

describe('the console page policy', () => {
  it("names the page's origin, the API, each remote's origin and the override origins, and nothing looser", () => {
    const remotes = {
      users: { entry: 'http://localhost:4174/mf-manifest.json', version: '0.1.0' },
      settings: 'http://localhost:4178/mf-manifest.json',
    };
    const policy = directives(contentSecurityPolicy({ config: stackConfig, remotes }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'http://localhost:4174',
      'http://localhost:4178',
      'http://localhost:4173',
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:3000',
      'http://localhost:4174',
      'http://localhost:4178',
      'http://localhost:4173',
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://localhost:3000']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.size).toBe(9);
  });

  it("takes relative entries from where remotes.json is served: promote's own releases are the page's origin", () => {
    const promoted = { settings: { entry: 'releases/settings/0.1.0-3f9a2c1b/mf-manifest.json' } };
    expect(
      directives(contentSecurityPolicy({ config: stackConfig, remotes: promoted })).get('script-src'),
    ).toEqual(["'self'", 'http://localhost:4173']);
    const onCdn = {
      ...stackConfig,
      remotesManifestUrl: 'https://cdn.example.com/console/remotes.json',
      remoteOverrideOrigins: [],
    };
    const policy = directives(contentSecurityPolicy({ config: onCdn, remotes: promoted }));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://cdn.example.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:3000', 'https://cdn.example.com']);
  });

  it("allows a canary's origin as well as the live one's", () => {
    const remotes = {
      settings: {
        entry: 'https://a.example.com/mf-manifest.json',
        canary: { entry: 'https://b.example.com/mf-manifest.json', admins: ['qa'] },
      },
    };
    const script = directives(
      contentSecurityPolicy({ config: { ...stackConfig, remoteOverrideOrigins: [] }, remotes }),
    ).get('script-src');
    expect(script).toEqual(["'self'", 'https://a.example.com', 'https://b.example.com']);
  });

  it('never takes a keyword, a wildcard, a scheme or a directive of its own from config.json or remotes.json', () => {
    const hostile = {
      apiBaseUrl: "http://api.example.com; script-src 'unsafe-inline'",
      uploadsBaseUrl: 'javascript:alert(1)',
      nftImageBaseUrl: 'data:text/html,x',
      remotesManifestUrl: '/remotes.json',
      remoteOverrideOrigins: [
        '*',
        "'unsafe-eval'",
        'https://*.example.com',
        'http://a;b.example.com',
        'ftp://files.example.com',
      ],
    };
    const remotes = {
      users: { entry: "http://x.example.com'unsafe-inline'/mf-manifest.json" },
      settings: 42,
      engagement: null,
    };
    const policy = contentSecurityPolicy({ config: hostile, remotes });
    expect(policy).toBe(contentSecurityPolicy());
    expect(policy).not.toMatch(/unsafe-eval|\*|javascript|ftp/);
  });

  it('with no config at all, a page may load from its own origin only', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('the page headers: the policy, never framed, no referrer', () => {
    expect(pageHeaders('default-src x')).toEqual({
      'Content-Security-Policy': 'default-src x',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it('is what the production nginx example sends for the config.json and remotes.json it describes', () => {
    const conf = fs.readFileSync(path.join(root, 'deploy/nginx/production.example.conf'), 'utf8');
    const sent = /add_header Content-Security-Policy "([^"]+)" always;/.exec(conf)?.[1];
    const config = {
      apiBaseUrl: 'https://api.example.com',
      uploadsBaseUrl: 'https://api.example.com/uploads/',
      nftImageBaseUrl: 'https://nft.fragment.com/gift/',
      remotesManifestUrl: '/remotes.json',
    };
    const remotes = { settings: { entry: 'releases/settings/0.1.0-3f9a2c1b/mf-manifest.json' } };
    expect(sent).toBe(contentSecurityPolicy({ config, remotes }));
    expect(conf).toMatch(/add_header X-Frame-Options DENY always;/);
    expect(conf).toMatch(/add_header X-Content-Type-Options nosniff always;/);
    expect(conf).toMatch(/add_header Referrer-Policy no-referrer always;/);
  });

  it('prints the policy for config.json and remotes.json given as files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-policy-'));
    try {
      fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(stackConfig));
      fs.writeFileSync(
        path.join(dir, 'remotes.json'),
        JSON.stringify({ users: 'https://cdn.example.com/users/mf-manifest.json' }),
      );
      const run = pagePolicyCli(path.join(dir, 'config.json'), path.join(dir, 'remotes.json'));
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.trim()).toBe(
        contentSecurityPolicy({
          config: stackConfig,
          remotes: { users: 'https://cdn.example.com/users/mf-manifest.json' },
        }),
      );
      const missing = pagePolicyCli(path.join(dir, 'nope.json'));
      expect(missing.status).toBe(1);
      expect(missing.stderr).toMatch(/usage: page-policy <config\.json>/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the static server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-policy-server-'));
  const dist = path.join(dir, 'dist');
  const releases = path.join(dir, 'releases');
  let policy = "default-src 'self'; frame-ancestors 'none'";
  let asked = 0;
  let server: StaticServer;
  let base: string;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dist, 'assets/index-abc.js'), 'export {};');
    fs.writeFileSync(path.join(dist, 'theme-before-paint.js'), '');
    fs.mkdirSync(path.join(releases, 'settings/0.1.0-aaaaaaaa'), { recursive: true });
    fs.writeFileSync(
      path.join(releases, 'settings/0.1.0-aaaaaaaa/index.html'),
      '<!doctype html><title>harness</title>',
    );
    server = createStaticServer({
      root: dist,
      host: '127.0.0.1',
      port: 0,
      spa: true,
      dynamic: { '/config.json': () => ({}) },
      mounts: { '/releases/': releases },
      pagePolicy: () => (asked++, policy),
    });
    await server.start();
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const page of ['/', '/index.html', '/users/list', '/releases/settings/0.1.0-aaaaaaaa/index.html']) {
    it(`sends the page headers with ${page}, and nosniff`, async () => {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${base}${page}`, { method });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-security-policy')).toBe(policy);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });
  }

  it('asks for the policy at each page answer, so a change (a promoted origin) is sent at the next load', async () => {
    const before = asked;
    policy = "default-src 'self' https://cdn.example.com";
    expect((await fetch(`${base}/settings`)).headers.get('content-security-policy')).toBe(policy);
    expect(asked).toBe(before + 1);
  });

  for (const file of [
    '/assets/index-abc.js',
    '/config.json',
    '/theme-before-paint.js',
    '/missing.js',
    '/releases/nope',
  ]) {
    it(`sends nosniff and no page policy with ${file}`, async () => {
      const res = await fetch(`${base}${file}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(null);
      expect(res.headers.get('x-frame-options')).toBe(null);
    });
  }

  it("revalidates the shell's theme script on every load: index.html names it, never a hashed file", async () => {
    expect((await fetch(`${base}/theme-before-paint.js`)).headers.get('cache-control')).toBe('no-cache');
  });
});
