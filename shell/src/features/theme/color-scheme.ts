import { useSyncExternalStore } from 'react';

/**
 * Light or dark, per browser: the admin's choice in localStorage, else the system's
 * `prefers-color-scheme` (followed live until the admin chooses). index.html runs the same
 * rule in `public/theme-before-paint.js` before anything is drawn and marks `<html
 * data-theme>`, so a reload never shows the other theme first; `color-scheme.test.ts` runs
 * that script against this file's rule.
 */
export const THEME_STORAGE_KEY = 'manager.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type Choice = 'dark' | 'light';
/** The choice made in this page, for a browser that refuses storage (it lasts until a reload). */
let pageChoice: Choice | null = null;

function storedChoice(): Choice | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return pageChoice;
  }
}

const systemQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

/** The theme to draw now. */
export function isDark(): boolean {
  const choice = storedChoice();
  return choice ? choice === 'dark' : systemQuery()?.matches === true;
}

/** `<html>` says which theme is drawn: the page background and native controls follow it. */
export function markDocument(dark: boolean) {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

const listeners = new Set<() => void>();
const notify = () => {
  markDocument(isDark());
  listeners.forEach((listener) => listener());
};

// Another tab of this browser chose: this one follows.
const onStorage = (event: StorageEvent) => {
  if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
};
/** The system's query while anyone listens: one set of listeners for the page. */
let watched: MediaQueryList | null = null;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    watched = systemQuery();
    watched?.addEventListener('change', notify);
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    watched?.removeEventListener('change', notify);
    watched = null;
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the admin's choice in this browser. */
export function chooseDark(dark: boolean) {
  pageChoice = dark ? 'dark' : 'light';
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, pageChoice);
  } catch {
    // Not remembered across reloads; this page still switches.
  }
  notify();
}

/** Whether the console is dark, re-rendering when the choice or the system's preference changes. */
export function useDark(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
