import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import themeScript from '../../../public/theme-before-paint.js?raw';
import { chooseDark, isDark, markDocument, THEME_STORAGE_KEY } from './color-scheme';

/** The system's `prefers-color-scheme` as the page sees it. */
function systemPrefersDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && dark,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

/** The theme script index.html loads first, run as the browser runs it before anything is drawn. */
function runThemeScript() {
  new Function(themeScript)();
  return document.documentElement.dataset.theme;
}

const original = window.matchMedia;
beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  window.matchMedia = original;
});

describe('color scheme', () => {
  it("follows the system's preference until the admin chooses, then the choice in this browser", () => {
    systemPrefersDark(true);
    expect(isDark()).toBe(true);
    systemPrefersDark(false);
    expect(isDark()).toBe(false);
    chooseDark(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(isDark()).toBe(true);
    systemPrefersDark(true);
    chooseDark(false);
    expect(isDark()).toBe(false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('index.html loads the theme script first in <head>, as a blocking file: no inline script (the page policy runs none)', () => {
    const head = /<head>([\s\S]*?)<\/head>/.exec(indexHtml)?.[1] ?? '';
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(
      scripts.filter(([, , body]) => body!.trim() !== ''),
      'inline scripts',
    ).toEqual([]);
    expect(/<script\b[^>]*>/.exec(head)?.[0]).toBe('<script src="/theme-before-paint.js">');
  });

  it("index.html's theme script marks the same theme as the console then draws", () => {
    for (const system of [true, false]) {
      for (const stored of [null, 'dark', 'light', 'garbage']) {
        systemPrefersDark(system);
        localStorage.clear();
        if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
        markDocument(!isDark()); // the opposite first, so the script must set it
        expect(runThemeScript(), `system ${system ? 'dark' : 'light'}, stored ${stored}`).toBe(
          isDark() ? 'dark' : 'light',
        );
      }
    }
  });
});
