import { test, expect } from './support/test';
import { runDuplicates } from '@manager/bench/duplicates';
import { API, CONSOLE_URL } from './support/env';

test.describe('Shell: duplicates', { tag: '@shell' }, () => {
  /**
   * Over one session that signs in and visits all 27 routes in the same page, each
   * shared library is loaded exactly once, counted by its code in every JS file fetched (not by
   * chunk names), plus the platform and React renderer probes. The same walk as `pnpm bench`
   * (@manager/bench, duplicates.mjs), here as a pass/fail check; the bench adds the byte figures.
   */
  // The walk starts signed out on /login and signs in through the form.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('one copy of each shared library and of the federation runtime over all 27 routes', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const session = await runDuplicates({ apiUrl: API, consoleUrl: CONSOLE_URL }, { browser });

    expect(session.routesVisited).toBe(27);
    expect(session.visits.filter((v: { ok: boolean }) => !v.ok)).toEqual([]);
    const copies = Object.fromEntries(
      session.libraries.map((l: { library: string; copiesByContent: number; probe?: number | null }) => [
        l.library,
        { copies: l.copiesByContent, probe: l.probe ?? null },
      ]),
    );
    expect(copies).toEqual({
      react: { copies: 1, probe: null },
      'react-dom': { copies: 1, probe: 1 },
      antd: { copies: 1, probe: null },
      zustand: { copies: 1, probe: null },
      'react-router': { copies: 1, probe: null },
      '@manager/platform': { copies: 1, probe: 1 },
      'federation runtime': { copies: 1, probe: null },
      // The whole icon index (every icon) is never loaded: icons come tree-shaken through ui.
      '@ant-design/icons (icon index)': { copies: 0, probe: null },
    });
  });
});
