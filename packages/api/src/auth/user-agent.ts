import { UAParser } from 'ua-parser-js';

const UNKNOWN = 'Unknown';

/** What the session list shows of a user agent: "Chrome 131" and "macOS"; "Unknown" when it says nothing. */
export function describeUserAgent(userAgent: string | null): { browser: string; system: string } {
  if (!userAgent) return { browser: UNKNOWN, system: UNKNOWN };
  const { browser, os } = new UAParser(userAgent).getResult();
  return {
    browser: browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : UNKNOWN,
    // Browsers on a Mac all claim 10.15.7 whatever the release: the version says nothing.
    system:
      os.name === 'Mac OS' ? 'macOS' : os.name ? [os.name, os.version].filter(Boolean).join(' ') : UNKNOWN,
  };
}

/** Longer user agents are cut: the list shows a browser and a system, not a novel. */
export const USER_AGENT_MAX = 512;
