// Bytes: gzip JavaScript transferred and JS requests until the dashboard, and until
// /users/list, is rendered, for a signed-in admin with an empty HTTP cache (a fresh browser
// context each time). The static server does not compress, so every JS response body is
// gzipped here (zlib level 6, the usual server setting) to give the size a real server sends.
//
//   pnpm --filter @manager/bench exec tsx bytes.mjs      (starts its own stack; see README "Benchmarks")
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { ADMIN, CHROMIUM, buildSingleApp, formatTable, isMain, kb, startStack } from './lib.mjs';

/** The pages measured and what "rendered" means for each (content from the API is shown). */
export const PAGES = [
  {
    name: 'dashboard',
    path: '/dashboard',
    rendered: async (page) => {
      await page
        .getByText('Top 10 Countries', { exact: true })
        .waitFor({ state: 'visible', timeout: 60_000 });
      await page.getByRole('cell').first().waitFor({ state: 'visible', timeout: 60_000 });
    },
  },
  {
    name: '/users/list',
    path: '/users/list',
    rendered: async (page) => {
      await page
        .getByRole('heading', { level: 1, name: 'Users' })
        .waitFor({ state: 'visible', timeout: 60_000 });
      await page
        .getByText(/^Showing 1 to \d+ of \d+ results$/)
        .waitFor({ state: 'visible', timeout: 60_000 });
    },
  },
];

export const isJs = (request) => {
  if (request.url().startsWith('data:')) return false;
  return request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);
};

/** A style sheet: antd's styles are one sheet made at build time (@manager/vite-config, antd-static-css.ts). */
export const isCss = (request) => {
  if (request.url().startsWith('data:')) return false;
  return request.resourceType() === 'stylesheet' || /\.css(\?|$)/.test(new URL(request.url()).pathname);
};

export const gzipSize = (body) => zlib.gzipSync(body, { level: 6 }).length;

/** Signs in through the login form; returns the storage state (tokens in localStorage). */
export async function signIn(browser, consoleUrl) {
  const context = await browser.newContext({ baseURL: consoleUrl });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username or Email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'visible', timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** One cold load of `spec.path` in a fresh context: JS requested until rendered. */
export async function measurePage(browser, consoleUrl, storageState, spec) {
  const context = await browser.newContext({ baseURL: consoleUrl, storageState });
  try {
    const page = await context.newPage();
    const requests = [];
    const sheets = [];
    page.on('request', (r) => {
      if (isJs(r)) requests.push(r);
      else if (isCss(r)) sheets.push(r);
    });
    const t0 = Date.now();
    await page.goto(spec.path);
    await spec.rendered(page);
    const renderedMs = Date.now() - t0;
    const sizes = async (list) => {
      const out = [];
      for (const r of list) {
        const res = await r.response();
        const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        out.push({ url: r.url(), status: res?.status() ?? null, bytes: body.length, gzip: gzipSize(body) });
      }
      return out;
    };
    const scripts = await sizes(requests.slice());
    // Not counted in the JS figures, but what the page also needs before it can show.
    const styles = await sizes(sheets.slice());
    const byOrigin = {};
    for (const s of scripts) {
      const o = new URL(s.url).origin;
      byOrigin[o] = byOrigin[o] ?? { requests: 0, gzip: 0 };
      byOrigin[o].requests += 1;
      byOrigin[o].gzip += s.gzip;
    }
    return {
      page: spec.name,
      path: spec.path,
      jsRequests: scripts.length,
      jsBytes: scripts.reduce((a, s) => a + s.bytes, 0),
      jsGzipBytes: scripts.reduce((a, s) => a + s.gzip, 0),
      cssRequests: styles.length,
      cssGzipBytes: styles.reduce((a, s) => a + s.gzip, 0),
      renderedMs,
      // Every script before first render, largest first (what to cut, and what the requests are).
      scripts: scripts
        .slice()
        .sort((a, b) => b.gzip - a.gzip)
        .map((s) => ({ url: s.url, gzip: s.gzip })),
      byOrigin,
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs the bytes benchmark against a started stack: every page on the federated console, then
 * on the single-app baseline when the stack serves it (stack.singleAppUrl), with the ratio.
 * `storageState` from signIn (or made here); both origins get their own sign-in.
 */
export async function runBytes(stack, { browser, storageState } = {}) {
  const own = !browser;
  const b = browser ?? (await chromium.launch(CHROMIUM));
  try {
    const state = storageState ?? (await signIn(b, stack.consoleUrl));
    const results = [];
    for (const spec of PAGES)
      results.push({ build: 'federated', ...(await measurePage(b, stack.consoleUrl, state, spec)) });
    if (stack.singleAppUrl) {
      const singleState = await signIn(b, stack.singleAppUrl);
      for (const spec of PAGES) {
        const single = await measurePage(b, stack.singleAppUrl, singleState, spec);
        results.push({ build: 'single-app', ...single });
        const federated = results.find((r) => r.build === 'federated' && r.path === spec.path);
        federated.singleAppGzipBytes = single.jsGzipBytes;
        federated.ratioToSingleApp = Math.round((federated.jsGzipBytes / single.jsGzipBytes) * 100) / 100;
      }
    }
    return { gzipLevel: 6, cache: 'empty (fresh context), signed in', pages: results };
  } finally {
    if (own) await b.close();
  }
}

export function bytesTable(bytes) {
  return formatTable(
    [
      'page (cold, signed in)',
      'build',
      'JS requests',
      'JS gzip KB',
      'JS raw KB',
      'x single-app',
      'CSS requests',
      'CSS gzip KB',
      'rendered ms',
    ],
    bytes.pages.map((p) => [
      p.page,
      p.build ?? 'federated',
      p.jsRequests,
      kb(p.jsGzipBytes),
      kb(p.jsBytes),
      p.ratioToSingleApp ?? '-',
      p.cssRequests,
      kb(p.cssGzipBytes),
      p.renderedMs,
    ]),
  );
}

if (isMain(import.meta.url)) {
  buildSingleApp();
  const stack = await startStack();
  try {
    const bytes = await runBytes(stack);
    console.log(bytesTable(bytes));
  } finally {
    await stack.stop();
  }
}
