// Where a first remote visit spends its time, against the warm switch to the same page: a
// Chromium trace of each (CPU 4x, after the idle prefetch, as navigation.mjs measures them),
// summed as self time per trace event on the page's main thread (FunctionCall = JavaScript,
// UpdateLayoutTree = style, Layout, Paint, GC...), averaged over TRACE_ROUNDS fresh pages.
// A diagnosis tool, not part of `pnpm bench`: tracing slows the page, so its milliseconds
// are not the navigation table's.
//
// TRACE_PROFILE=1 takes V8's sampling CPU profile instead and lists self time per function
// (name, chunk, line:column in the build): which code a first visit runs more. `(program)` is
// native work on the main thread (style, layout, parsing: the page's too, but also the bench's
// own round trips until the profiler stops); the tracing mode splits that part.
//
//   node packages/e2e/bench/trace-first-visit.mjs            # /users/list
//   TRACE_PATH=/settings node packages/e2e/bench/trace-first-visit.mjs
//   TRACE_PROFILE=1 TRACE_PATH=/transactions/withdrawals node packages/e2e/bench/trace-first-visit.mjs
import { chromium } from '@playwright/test';
import { CHROMIUM, formatTable, sleep, startStack } from './lib.mjs';
import { signIn } from './bytes.mjs';
import { CPU_THROTTLE, NAV_TARGETS, idleUntilPrefetched, timedNavigation } from './navigation.mjs';

const target = process.env.TRACE_PATH ?? '/users/list';
const rounds = Number(process.env.TRACE_ROUNDS ?? 3);
/** How long the dashboard is left idle after the prefetch and warm pages are done. */
const idleMs = Number(process.env.TRACE_IDLE_MS ?? 0);
const profiling = process.env.TRACE_PROFILE === '1';
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];

/**
 * Self time (ms) per event name on the main thread of the renderer that ran the page's
 * JavaScript: each complete ('X') event less the events nested in it (begin/end pairs are
 * not counted: their time stays with the event around them).
 */
function selfTimes(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'FunctionCall'),
  );
  if (!main) return new Map();
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const times = new Map();
  const open = [];
  for (const e of mine) {
    while (open.length > 0 && open[open.length - 1].ts + open[open.length - 1].dur <= e.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent) times.set(parent.name, (times.get(parent.name) ?? 0) - e.dur / 1000);
    times.set(e.name, (times.get(e.name) ?? 0) + e.dur / 1000);
    open.push(e);
  }
  return times;
}

/** Self time (ms) per function of a V8 CPU profile, keyed `name chunk:line:column`. */
function selfTimesByFunction(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
    const key = url ? `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}` : functionName;
    // timeDeltas[i] is the gap BEFORE sample i; a sample owns the gap after it (as DevTools).
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return times;
}

async function traced(browser, page, cdp, run) {
  if (profiling) {
    await cdp.send('Profiler.start');
    const ms = await run();
    return { ms, times: selfTimesByFunction((await cdp.send('Profiler.stop')).profile) };
  }
  await browser.startTracing(page, { categories: CATEGORIES });
  const ms = await run();
  return { ms, times: selfTimes(JSON.parse((await browser.stopTracing()).toString())) };
}

const stack = await startStack();
const browser = await chromium.launch(CHROMIUM);
try {
  const state = await signIn(browser, stack.consoleUrl);
  const sums = { first: new Map(), warm: new Map() };
  const walls = { first: [], warm: [] };
  // The heading, learnt in a context of its own (fonts warmed there stay out of the rounds).
  const learning = await browser.newContext({ baseURL: stack.consoleUrl, storageState: state });
  const learner = await learning.newPage();
  await learner.goto(target);
  await learner.locator('h1').first().waitFor({ timeout: 60_000 });
  await sleep(500);
  const heading = await learner.evaluate(() => globalThis.document.querySelector('h1')?.textContent?.trim() ?? '');
  await learning.close();
  const remoteOrigins = NAV_TARGETS.map((t) => `http://localhost:${stack.ports[t.remote]}`);
  for (let r = 0; r < rounds; r++) {
    const context = await browser.newContext({ baseURL: stack.consoleUrl, storageState: state });
    try {
      const fresh = await context.newPage();
      await fresh.goto('/dashboard');
      await fresh.getByText('Top 10 Countries', { exact: true }).waitFor({ timeout: 60_000 });
      const dashboard = await fresh.evaluate(() => globalThis.document.querySelector('h1')?.textContent?.trim() ?? '');
      const cdp = await context.newCDPSession(fresh);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      }
      // As navigation.mjs: until prefetched and laid out, then quiet; TRACE_IDLE_MS more on top.
      await idleUntilPrefetched(fresh, remoteOrigins);
      await sleep(idleMs);
      for (const kind of ['first', 'warm']) {
        const { ms, times } = await traced(browser, fresh, cdp, () => timedNavigation(fresh, target, heading));
        walls[kind].push(Math.round(ms));
        for (const [name, t] of times) sums[kind].set(name, (sums[kind].get(name) ?? 0) + t);
        await timedNavigation(fresh, '/dashboard', dashboard);
        await sleep(1000);
      }
      console.log(`round ${r + 1}: first ${walls.first.at(-1)} ms, warm ${walls.warm.at(-1)} ms (traced)`);
    } finally {
      await context.close();
    }
  }
  const names = [...new Set([...sums.first.keys(), ...sums.warm.keys()])];
  const rows = names
    .map((name) => [name, (sums.first.get(name) ?? 0) / rounds, (sums.warm.get(name) ?? 0) / rounds])
    .filter(([, f, w]) => f >= 1 || w >= 1)
    .sort((a, b) => b[1] - b[2] - (a[1] - a[2]))
    .map(([name, f, w]) => [name, Math.round(f), Math.round(w), Math.round(f - w)]);
  console.log(`\n${target}, CPU ${CPU_THROTTLE}x, mean self time ${profiling ? 'per function (CPU profile)' : 'per trace event'} of ${rounds} rounds (ms)`);
  console.log(formatTable([profiling ? 'function' : 'trace event', 'first visit', 'warm switch', 'difference'], rows.slice(0, profiling ? 40 : 25)));
} finally {
  await browser.close();
  await stack.stop();
}
