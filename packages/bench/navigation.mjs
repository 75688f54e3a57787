// What federation costs a person: the time from a click on a sidebar link (a react-router
// navigation inside the page) to the page's content, for the first visit to each remote's first
// page in the federated console against the first visit to the same page in the single-app
// build (bench/single-app: the same shell and pages linked into one app, no federation).
// Headless Chromium, CPU throttled 4x (CDP); measured inside the page with performance.now(),
// so the numbers do not include Playwright's round trips.
//
// Content means the page's <h1> is on screen and no spinner or skeleton is left (its data is
// shown), checked after every DOM change (a MutationObserver) and on every frame. The query
// cache is cleared before every timed navigation (window.__MANAGER_PLATFORM__.queryClient),
// so every visit fetches its data.
//
// Each round opens a fresh page of each build, signed in, on the dashboard. The federated
// console is left idle there, as an administrator reading it would, until its idle prefetch
// (shell/src/remotes/prefetch.ts) has requested every remote and nothing was requested for
// 3 s (at most BENCH_NAV_IDLE_MS, 90 s); the single-app build is left idle the same way. Then
// each remote's first page is visited once, back to the dashboard between two. The builds
// alternate inside every round (which one goes first alternates too), so both see the same
// machine; BENCH_NAV_ROUNDS rounds (21), medians per page. A control row repeats the
// measurement for the shell's own dashboard (the first return to it): the same code in both
// builds, so its ratio is the noise of the method. Target: federated / single-app <= 1.10.
//
//   pnpm --filter @manager/bench exec tsx navigation.mjs
import { chromium } from '@playwright/test';
import { CHROMIUM, buildSingleApp, formatTable, isMain, sleep, startStack } from './lib.mjs';
import { signIn } from './bytes.mjs';
import { CONTROL } from './targets.mjs';

export const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
/** One round's ratio spreads from about 0.5 to 2.3: the medians of this many rounds (bench/README.md). */
export const NAV_ROUNDS = Number(process.env.BENCH_NAV_ROUNDS ?? 21);
/** The longest the dashboard is left idle before the first visits (prefetch happens then). */
const IDLE_MAX_MS = Number(process.env.BENCH_NAV_IDLE_MS ?? 90_000);
const QUIET_MS = 3000;
/** Each remote's first page, visited from the dashboard. */
export const NAV_TARGETS = [
  { remote: 'users', path: '/users/list' },
  { remote: 'commerce', path: '/marketplace/list' },
  { remote: 'transactions', path: '/transactions/withdrawals' },
  { remote: 'engagement', path: '/tasks/list' },
  { remote: 'settings', path: '/settings' },
];

/**
 * Navigates inside the app (what a sidebar link does) and resolves with the milliseconds
 * until an <h1> reading `heading` is on screen with no spinner or skeleton left.
 */
export async function timedNavigation(page, to, heading) {
  await page.evaluate(() => globalThis.__MANAGER_PLATFORM__?.queryClient?.clear());
  return page.evaluate(
    ([path, text]) =>
      new Promise((resolve, reject) => {
        const w = globalThis;
        const t0 = w.performance.now();
        const deadline = t0 + 60_000;
        let done = false;
        let observer = null;
        const finish = (settle) => {
          done = true;
          observer?.disconnect();
          settle();
        };
        const check = () => {
          if (done) return;
          const h1 = w.document.querySelector('main h1, h1');
          const busy = w.document.querySelector('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]');
          if (h1 && h1.textContent.trim() === text && h1.getClientRects().length > 0 && !busy) {
            const ms = w.performance.now() - t0;
            return finish(() => resolve(ms));
          }
          if (w.performance.now() > deadline)
            finish(() => reject(new Error(`${path}: no <h1> "${text}" after 60 s`)));
        };
        // Frames too: they catch a change no mutation reports.
        const poll = () => {
          check();
          if (!done) w.requestAnimationFrame(poll);
        };
        observer = new w.MutationObserver(check);
        observer.observe(w.document.body, {
          childList: true,
          subtree: true,
          attributes: true,
          characterData: true,
        });
        w.history.pushState({}, '', path);
        w.dispatchEvent(new w.PopStateEvent('popstate', { state: {} }));
        poll();
      }),
    [to, heading],
  );
}

async function headingOf(page) {
  return page.evaluate(() => globalThis.document.querySelector('h1')?.textContent?.trim() ?? null);
}

/** Learns each target's heading once, unthrottled (the page decides its own title). */
async function learnHeadings(browser, url, storageState) {
  const context = await browser.newContext({ baseURL: url, storageState });
  try {
    const page = await context.newPage();
    const headings = {};
    for (const t of NAV_TARGETS) {
      await page.goto(t.path);
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
      await sleep(300);
      headings[t.path] = await headingOf(page);
    }
    return headings;
  } finally {
    await context.close();
  }
}

/**
 * Waits on the dashboard until the remotes were prefetched: every one of `remoteOrigins` was
 * requested (none for the single-app) and nothing was requested for QUIET_MS. Returns how
 * long it waited.
 */
async function idleUntilPrefetched(page, remoteOrigins) {
  const started = Date.now();
  const reached = new Set();
  let last = Date.now();
  const onRequest = (r) => {
    last = Date.now();
    const origin = new URL(r.url()).origin;
    if (remoteOrigins.includes(origin)) reached.add(origin);
  };
  page.on('request', onRequest);
  try {
    while (Date.now() - started < IDLE_MAX_MS) {
      const quiet = Date.now() - last >= QUIET_MS && Date.now() - started >= QUIET_MS;
      if (reached.size >= remoteOrigins.length && quiet) break;
      await sleep(250);
    }
  } finally {
    page.off('request', onRequest);
  }
  return Date.now() - started;
}

/** One fresh page of one build: the first visit to each target, and the first return home. */
async function measurePage(browser, build, headings) {
  const context = await browser.newContext({ baseURL: build.url, storageState: build.storageState });
  try {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByText('Top 10 Countries', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await idleUntilPrefetched(page, build.remoteOrigins);
    const dashboard = (await headingOf(page)) ?? '';
    const ms = {};
    for (const t of NAV_TARGETS) {
      ms[t.path] = Math.round(await timedNavigation(page, t.path, headings[t.path]));
      const home = Math.round(await timedNavigation(page, '/dashboard', dashboard));
      ms['/dashboard'] ??= home;
    }
    return ms;
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};
const ratio = (a, b) => (a === null || b === null ? null : Math.round((a / b) * 100) / 100);

/**
 * Measures both builds in alternation, NAV_ROUNDS rounds; `builds` is the federated console
 * and, when it was built, the single-app. One row per remote page and the control row.
 */
async function measureRounds(browser, builds, headings) {
  const rounds = [];
  for (let i = 0; i < NAV_ROUNDS; i++) {
    const order = i % 2 === 0 ? builds : builds.slice().reverse();
    const round = {};
    for (const build of order) round[build.name] = await measurePage(browser, build, headings);
    rounds.push(round);
  }
  return [...NAV_TARGETS, { remote: CONTROL, path: '/dashboard' }].map((t) => {
    const of = (name) => rounds.map((r) => r[name]?.[t.path] ?? null);
    const federated = of('federated');
    const single = of('single-app');
    const singleAppMs = single.includes(null) ? null : median(single);
    const federatedMs = median(federated);
    return {
      remote: t.remote,
      path: t.path,
      federatedMs,
      singleAppMs,
      ratio: ratio(federatedMs, singleAppMs),
      rounds: federated.map((f, i) => ({
        federatedMs: f,
        singleAppMs: single[i],
        ratio: ratio(f, single[i]),
      })),
    };
  });
}

export async function runNavigation(stack, { browser } = {}) {
  const own = !browser;
  const b = browser ?? (await chromium.launch(CHROMIUM));
  try {
    const storageState = await signIn(b, stack.consoleUrl);
    const headings = await learnHeadings(b, stack.consoleUrl, storageState);
    const builds = [
      {
        name: 'federated',
        url: stack.consoleUrl,
        storageState,
        remoteOrigins: NAV_TARGETS.map((t) => `http://localhost:${stack.ports[t.remote]}`),
      },
    ];
    if (stack.singleAppUrl)
      builds.push({
        name: 'single-app',
        url: stack.singleAppUrl,
        storageState: await signIn(b, stack.singleAppUrl),
        remoteOrigins: [],
      });
    const rows = await measureRounds(b, builds, headings);
    return {
      cpuThrottle: CPU_THROTTLE,
      rounds: NAV_ROUNDS,
      content: 'the page <h1> with its data (no spinner), query cache cleared',
      rows,
    };
  } finally {
    if (own) await b.close();
  }
}

export function navigationTable(nav) {
  return formatTable(
    [
      'remote (first page)',
      'federated first visit ms',
      'single-app first visit ms',
      'federated / single-app',
      'per round',
    ],
    nav.rows.map((r) => [
      `${r.remote} (${r.path})`,
      r.federatedMs,
      r.singleAppMs,
      r.ratio,
      r.rounds.map((x) => x.ratio ?? '-').join(' / '),
    ]),
  );
}

if (isMain(import.meta.url)) {
  buildSingleApp();
  const stack = await startStack();
  try {
    console.log(navigationTable(await runNavigation(stack)));
  } finally {
    await stack.stop();
  }
}
