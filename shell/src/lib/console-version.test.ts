import { afterEach, describe, expect, it } from 'vitest';
import { getConsoleVersion, setConsoleVersion } from '@manager/platform';
import { setConsoleVersions } from '../remotes/versions';
import { remoteBuild } from '../test/builds';
import { keepConsoleVersionCurrent } from './console-version';

const reset = () => setConsoleVersions(() => ({ loaded: {}, live: {} }));

describe('X-Console-Version from the builds the tab runs', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    reset();
    setConsoleVersion(null);
  });

  it("names the shell at once, then each loaded remote with a known version, in the console's order, as they change", () => {
    reset();
    stop = keepConsoleVersionCurrent();
    // The shell's build as vitest.config.ts defines it.
    expect(getConsoleVersion()).toBe('shell@0.1.0+test');

    setConsoleVersions((v) => ({
      loaded: {
        ...v.loaded,
        settings: remoteBuild({ version: '0.1.0-3f9a2c1b' }),
        users: remoteBuild({ version: '0.2.0' }),
      },
      // Live only (never opened in this tab): no part in the calls.
      live: { commerce: remoteBuild({ version: '0.9.0' }) },
    }));
    expect(getConsoleVersion()).toBe('shell@0.1.0+test users@0.2.0 settings@0.1.0-3f9a2c1b');

    // A working-tree build without release info says nothing; a swap to a new release shows at once.
    setConsoleVersions((v) => ({
      ...v,
      loaded: {
        ...v.loaded,
        transactions: remoteBuild({ version: null }),
        settings: remoteBuild({ version: '0.1.1-00aa11bb' }),
      },
    }));
    expect(getConsoleVersion()).toBe('shell@0.1.0+test users@0.2.0 settings@0.1.1-00aa11bb');

    stop();
    setConsoleVersions((v) => ({ ...v, loaded: {} }));
    expect(getConsoleVersion()).toBe('shell@0.1.0+test users@0.2.0 settings@0.1.1-00aa11bb');
  });
});
