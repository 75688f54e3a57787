// Duplicates: one browser page signs in on /login and then visits the other 24 routes of the
// spec (packages/contract/src/routes.ts) inside the single-page app, so every remote loads
// into the same living page. Counts how many copies of each shared library were loaded:
//  - by content: each JS file fetched is searched for a signature of the library's own code
//    (the chunk names do not say it: the shell's react sits in its cssinjs chunk);
//  - by name: chunks the federation plugin named after the library (loadShare/prebuild)
//    and the remotes' `react-*.js` / `react-dom-*.js` fallbacks;
//  - by probe: window.__MANAGER_PLATFORM__.instances (one entry per evaluated platform
//    copy) and the React DevTools hook (one `inject` per evaluated react-dom renderer).
// Target: exactly one of each.
//
//   pnpm --filter @manager/bench exec tsx duplicates.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { EVENTS_PATH } from '@manager/contract';
import {
  ADMIN,
  CHROMIUM,
  ROOT,
  apiGet,
  apiLogin,
  formatTable,
  isMain,
  kb,
  sleep,
  startStack,
} from './lib.mjs';
import { gzipSize, isJs } from './bytes.mjs';

/** Library, a signature of its code in the built chunks, a pattern of chunk names. */
export const LIBRARIES = [
  {
    name: 'react',
    code: /isReactComponent=\{\}/,
    file: /__(loadShare|prebuild)__react__|\/react-[\w-]{8}\.js$/,
  },
  {
    name: 'react-dom',
    code: /__reactFiber\$/,
    file: /__(loadShare|prebuild)__react_mf_2_dom(_mf_1_client)?__|\/react-dom-[\w-]{8}\.js$/,
  },
  // antd's ConfigContext module (every antd copy has exactly one; the on-demand chunk of
  // packages/ui shares it with the first one, so a second match is a second antd).
  {
    name: 'antd',
    code: /["'`]outlined["'`],["'`]borderless["'`],["'`]filled["'`],["'`]underlined["'`]/,
    file: /__(loadShare|prebuild)__antd__/,
  },
  { name: 'zustand', code: /getInitialState/, file: /__(loadShare|prebuild)__zustand__/ },
  { name: 'react-router', code: /<Router>/, file: /__(loadShare|prebuild)__react_mf_2_router_mf_2_dom__/ },
  {
    name: '@manager/platform',
    code: /__MANAGER_PLATFORM__/,
    file: /__(loadShare|prebuild)__(_mf_0_)?manager_mf_1_platform__/,
  },
  { name: 'federation runtime', code: /Federation Runtime|RUNTIME-00\d/, file: null },
  {
    name: '@ant-design/icons (icon index)',
    code: /AccountBookFilled/,
    file: /__(loadShare|prebuild)__(_mf_0_)?ant_mf_2_design_mf_1_icons__/,
  },
];

/** The 27 routes of docs/screens.md, read from the contract's route table (userDetail gets a real id). */
export function specRoutes(userId) {
  const src = fs.readFileSync(path.join(ROOT, 'packages/contract/src/routes.ts'), 'utf8');
  const block = /export const paths = \{([\s\S]*?)\} as const;/.exec(src)?.[1] ?? '';
  const routes = [...block.matchAll(/^\s*(\w+):\s*'([^']+)'/gm)].map((m) => m[2]);
  if (/userDetail:/.test(block)) routes.push(`/users/detail/${userId}`);
  return routes;
}

/** Changes route inside the page (react-router follows popstate), without reloading. */
async function spaNavigate(page, to) {
  await page.evaluate((p) => {
    const w = globalThis;
    w.history.pushState({}, '', p);
    w.dispatchEvent(new w.PopStateEvent('popstate', { state: {} }));
  }, to);
}

async function quiet(page, inflight, ms = 600, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  let calmSince = Date.now();
  while (Date.now() < deadline) {
    if (inflight.size > 0) calmSince = Date.now();
    else if (Date.now() - calmSince >= ms) return;
    await sleep(100);
  }
}

async function headingText(page) {
  return page.evaluate(() => globalThis.document.querySelector('h1')?.textContent ?? null);
}

export async function runDuplicates(stack, { browser } = {}) {
  const own = !browser;
  const b = browser ?? (await chromium.launch(CHROMIUM));
  const token = await apiLogin(stack.apiUrl);
  const firstUser = (await apiGet(stack.apiUrl, token, '/manager/users?page=1&limit=1')).users[0];
  const routes = specRoutes(firstUser.telegramId);
  const context = await b.newContext({ baseURL: stack.consoleUrl });
  try {
    const page = await context.newPage();
    // Every copy of react-dom registers its renderer with the DevTools hook: count them.
    await page.addInitScript(() => {
      const injected = [];
      Object.defineProperty(globalThis, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          renderers: new Map(),
          supportsFiber: true,
          inject(r) {
            injected.push(r);
            return injected.length;
          },
          onScheduleFiberRoot() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
          injected,
        },
      });
    });
    const scripts = [];
    const inflight = new Set();
    // Only the stack's own origins count for "quiet": a gift image from the NFT host (no
    // internet here) may hang until its timeout and would stall every step. The event stream
    // is one request that lasts as long as the console: it never goes quiet.
    const local = (r) =>
      /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(r.url()) && new URL(r.url()).pathname !== EVENTS_PATH;
    page.on('request', (r) => {
      if (local(r)) inflight.add(r);
      if (isJs(r)) scripts.push(r);
    });
    page.on('requestfinished', (r) => inflight.delete(r));
    page.on('requestfailed', (r) => inflight.delete(r));

    const visits = [];
    // 1. /login, signed out: sign in through the form.
    await page.goto('/login');
    await page.getByLabel('Username or Email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
    visits.push({ route: '/login', ok: true, heading: 'sign-in form' });
    // 2. Every other route inside the same page.
    let previous = null;
    for (const route of routes.filter((r) => r !== '/login')) {
      if (new URL(page.url()).pathname !== route) await spaNavigate(page, route);
      let heading = null;
      let ok = false;
      const started = Date.now();
      while (Date.now() - started < 30_000) {
        heading = await headingText(page);
        // A new h1; or, after 5 s, any h1 (two pages may share a title).
        const fresh = heading !== previous || Date.now() - started > 5_000;
        if (new URL(page.url()).pathname === route && heading && fresh) {
          ok = true;
          break;
        }
        await sleep(150);
      }
      await quiet(page, inflight);
      visits.push({ route, ok, heading, url: new URL(page.url()).pathname });
      previous = heading;
    }
    await quiet(page, inflight, 1000);

    const probe = await page.evaluate(() => {
      const w = globalThis;
      return {
        platformInstances: w.__MANAGER_PLATFORM__?.instances?.length ?? null,
        reactRenderers: w.__REACT_DEVTOOLS_GLOBAL_HOOK__?.injected?.length ?? null,
      };
    });

    const files = [];
    for (const r of scripts) {
      const res = await r.response();
      const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      files.push({ url: r.url(), body, gzip: gzipSize(body) });
    }
    const libraries = LIBRARIES.map((lib) => {
      const byContent = files.filter((f) => lib.code.test(f.body.toString('latin1')));
      const byName = lib.file ? files.filter((f) => lib.file.test(f.url)) : null;
      return {
        library: lib.name,
        copiesByContent: byContent.length,
        gzipBytes: byContent.reduce((a, f) => a + f.gzip, 0),
        files: byContent.map((f) => f.url),
        chunksByName: byName ? byName.length : null,
        chunkNames: byName ? byName.map((f) => f.url) : null,
      };
    });
    const platform = libraries.find((l) => l.library === '@manager/platform');
    if (platform) platform.probe = probe.platformInstances;
    const dom = libraries.find((l) => l.library === 'react-dom');
    if (dom) dom.probe = probe.reactRenderers;
    return {
      routesVisited: visits.length,
      routesRendered: visits.filter((v) => v.ok).length,
      visits,
      jsRequests: files.length,
      jsGzipBytes: files.reduce((a, f) => a + f.gzip, 0),
      libraries,
    };
  } finally {
    await context.close();
    if (own) await b.close();
  }
}

export function duplicatesTable(d) {
  return formatTable(
    [
      'library (session of ' + d.routesVisited + ' routes)',
      'copies (by code)',
      'KB gzip of those chunks',
      'chunks named after it',
      'probe',
    ],
    d.libraries.map((l) => [l.library, l.copiesByContent, kb(l.gzipBytes), l.chunksByName, l.probe ?? null]),
  );
}

if (isMain(import.meta.url)) {
  const stack = await startStack();
  try {
    const d = await runDuplicates(stack);
    console.log(duplicatesTable(d));
    console.log(
      `routes rendered: ${d.routesRendered}/${d.routesVisited}; JS over the session: ${d.jsRequests} requests, ${kb(d.jsGzipBytes)} KB gzip`,
    );
    for (const v of d.visits.filter((x) => !x.ok))
      console.log(`  not confirmed: ${v.route} (h1 ${JSON.stringify(v.heading)}, at ${v.url})`);
  } finally {
    await stack.stop();
  }
}
