import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  activeOverrides,
  answerOverride,
  captureOverrides,
  clearOverrides,
  getPendingOverrides,
} from './overrides';

const origin = window.location.origin;
const STORAGE_KEY = 'manager.remoteOverrides';
const stored = () => JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;

beforeEach(() => {
  sessionStorage.clear();
  for (const { name } of getPendingOverrides()) answerOverride(name, false);
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('QA overrides', () => {
  it('an allowed override waits for confirmation, out of the address bar; only a confirmed one is kept in this tab', () => {
    window.history.replaceState(
      null,
      '',
      '/settings?override.settings=http%3A%2F%2Flocalhost%3A5178%2Fmf-manifest.json&tab=2#x',
    );
    expect(captureOverrides(['http://localhost:5178'])).toEqual([]);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/settings?tab=2#x',
    );
    // Not applied silently: nothing stored, nothing active, the console asks.
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(activeOverrides(['http://localhost:5178']).urls).toEqual({});
    expect(getPendingOverrides()).toEqual([
      { name: 'settings', url: 'http://localhost:5178/mf-manifest.json' },
    ]);
    answerOverride('settings', true);
    expect(getPendingOverrides()).toEqual([]);
    expect(stored()).toEqual({ settings: 'http://localhost:5178/mf-manifest.json' });
    // A reload of this tab (nothing in the URL any more) still has it, and asks nothing.
    expect(captureOverrides(['http://localhost:5178'])).toEqual([]);
    expect(getPendingOverrides()).toEqual([]);
    expect(activeOverrides(['http://localhost:5178']).urls).toEqual({
      settings: 'http://localhost:5178/mf-manifest.json',
    });
    clearOverrides(['settings']);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('an ignored override is not kept', () => {
    window.history.replaceState(null, '', `/?override.settings=${origin}/qa/mf-manifest.json`);
    captureOverrides([origin]);
    answerOverride('settings', false);
    expect(getPendingOverrides()).toEqual([]);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('refuses an origin that is not allowed: not kept, the toast text returned', () => {
    window.history.replaceState(
      null,
      '',
      '/dashboard?override.settings=https://evil.example/x/mf-manifest.json',
    );
    expect(captureOverrides([origin])).toEqual([
      'Override of Settings refused: https://evil.example is not allowed',
    ]);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('a URL without an origin is refused by its own text', () => {
    window.history.replaceState(null, '', '/?override.settings=javascript:alert(1)');
    expect(captureOverrides(['null', origin])).toEqual([
      'Override of Settings refused: javascript:alert(1) is not allowed',
    ]);
  });

  it("refuses everything when no origin is allowed; relative URLs are the console's origin", () => {
    window.history.replaceState(null, '', '/?override.users=/qa/mf-manifest.json');
    expect(captureOverrides([])).toEqual([`Override of Users and games refused: ${origin} is not allowed`]);
    window.history.replaceState(null, '', '/?override.users=/qa/mf-manifest.json');
    expect(captureOverrides([origin])).toEqual([]);
    expect(getPendingOverrides()).toEqual([{ name: 'users', url: `${origin}/qa/mf-manifest.json` }]);
  });

  it("an empty value clears that remote's override; unknown remotes are left in the URL", () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ settings: `${origin}/a/mf-manifest.json`, users: `${origin}/b/mf-manifest.json` }),
    );
    window.history.replaceState(null, '', '/?override.settings=&override.nope=1');
    captureOverrides([origin]);
    expect(stored()).toEqual({ users: `${origin}/b/mf-manifest.json` });
    expect(window.location.search).toBe('?override.nope=1');
  });

  it('a stored override that the config no longer allows is not active and is reported', () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ settings: 'http://localhost:5178/mf-manifest.json' }),
    );
    expect(activeOverrides([origin])).toEqual({
      urls: {},
      refused: ['Override of Settings refused: http://localhost:5178 is not allowed'],
    });
  });
});
