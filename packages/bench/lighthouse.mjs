// Lighthouse: performance and accessibility scores of /dashboard and
// /users/list, signed in, with the desktop preset, in Debian's Chromium.
//  - chrome-launcher starts /usr/bin/chromium headless with a fresh temporary profile;
//  - Playwright attaches to it over CDP and signs in through the login page, so the tokens
//    sit in that profile's localStorage (the console keeps them there), then lets go;
//  - Lighthouse (navigation mode, desktop-config: simulated throttling, 1350x940) loads each
//    page. Before each run it clears the HTTP cache and the origin's caches but, in
//    Lighthouse 12, not localStorage (`clearStorageTypes`), so the load is cold but signed
//    in. Lighthouse then warns that local storage may affect loading: expected.
// Each page is run BENCH_LIGHTHOUSE_RUNS times (default 3) and the median performance run is
// kept (Lighthouse's own advice for variance); accessibility does not vary between runs.
// Nothing leaves the machine: the pages load from the local stack, and the two categories
// need no network of their own.
//
//   pnpm --filter @manager/bench exec tsx lighthouse.mjs
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ADMIN, CHROMIUM, formatTable, isMain, startStack } from './lib.mjs';

export const LIGHTHOUSE_PAGES = ['/dashboard', '/users/list'];
const CATEGORIES = ['performance', 'accessibility'];
const METRICS = {
  'first-contentful-paint': 'fcpMs',
  'largest-contentful-paint': 'lcpMs',
  'total-blocking-time': 'tbtMs',
  'speed-index': 'speedIndexMs',
  'cumulative-layout-shift': 'cls',
};

async function signInThroughCdp(port, consoleUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context over CDP');
    const page = await context.newPage();
    await page.goto(`${consoleUrl}/login`);
    await page.getByLabel('Username or Email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'visible', timeout: 60_000 });
    await page.goto('about:blank');
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser and its default profile stay.
    await browser.close();
  }
}

function summarise(lhr) {
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([audit, key]) => {
      const value = lhr.audits[audit]?.numericValue;
      return [
        key,
        value === undefined ? null : key === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value),
      ];
    }),
  );
  const failedAccessibility = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.scoreDisplayMode === 'binary' && a.score === 0)
    .map((a) => ({ id: a.id, title: a.title, items: a.details?.items?.length ?? 0 }));
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    ...metrics,
    // Pointers for the performance work (JSON only): what the page weighed, and how much of
    // its JavaScript Lighthouse saw unused during the load.
    totalByteWeightKB: Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
    unusedJavaScriptKB: Math.round(
      (lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024,
    ),
    // What blocks the main thread: the longest tasks (script, start, duration), for the JSON.
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 6)
      .map((t) => ({ url: t.url, startMs: Math.round(t.startTime), ms: Math.round(t.duration) })),
    scriptingMs: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 6).map((t) => ({
      url: t.url,
      scriptingMs: Math.round(t.scripting),
      parseMs: Math.round(t.scriptParseCompile),
    })),
    failedAccessibility,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings,
  };
}

export async function runLighthouse(stack, { runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    logLevel: 'silent',
  });
  try {
    await signInThroughCdp(chrome.port, stack.consoleUrl);
    const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((r) => r.json());
    const pages = [];
    for (const path of LIGHTHOUSE_PAGES) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${stack.consoleUrl}${path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
          desktopConfig,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (process.env.BENCH_LIGHTHOUSE_DUMP)
          fs.writeFileSync(
            `${process.env.BENCH_LIGHTHOUSE_DUMP}-${path.replaceAll('/', '_')}-${i}.json`,
            JSON.stringify(result.lhr),
          );
        all.push(summarise(result.lhr));
      }
      const sorted = [...all].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      // A run that landed on /login lost the session: its scores are not this page's.
      if (!new URL(median.finalUrl).pathname.startsWith(path))
        throw new Error(`${path}: Lighthouse ended on ${median.finalUrl}`);
      pages.push({ path, runs: all.length, performanceAllRuns: all.map((r) => r.performance), ...median });
    }
    return {
      lighthouseVersion: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
        .version,
      chrome: version.Browser,
      preset: 'desktop',
      pages,
    };
  } finally {
    await chrome.kill();
  }
}

export function lighthouseTable(l) {
  return formatTable(
    [
      'page (median of runs)',
      'performance',
      'runs',
      'accessibility',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'SI ms',
      'CLS',
      'failed a11y audits',
    ],
    l.pages.map((p) => [
      p.path,
      p.performance,
      p.performanceAllRuns.join(' / '),
      p.accessibility,
      p.fcpMs,
      p.lcpMs,
      p.tbtMs,
      p.speedIndexMs,
      p.cls,
      p.failedAccessibility.map((a) => a.id).join(', ') || 'none',
    ]),
  );
}

if (isMain(import.meta.url)) {
  const stack = await startStack();
  try {
    const l = await runLighthouse(stack);
    console.log(`Lighthouse ${l.lighthouseVersion}, ${l.chrome}, ${l.preset} preset`);
    console.log(lighthouseTable(l));
  } finally {
    await stack.stop();
  }
}
