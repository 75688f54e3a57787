import { CONSOLE_VERSION_MAX_LENGTH, CONSOLE_VERSION_PATTERN } from '@manager/contract';

let current: string | null = null;

/**
 * Sets what every API call sends as `X-Console-Version` (`shell@0.1.0+ab12cd34 users@0.1.0-...`):
 * the builds the page runs, kept in the audit rows the call writes. The shell calls it whenever
 * the builds change; null sends none. The API refuses a header with other characters or past
 * its length with a 400, which would stop every call of the console: a part it would refuse (a
 * version from an override's build.json is anyone's text) is left out, and so are the parts past
 * the length, so what goes out is always one the API takes.
 */
export function setConsoleVersion(value: string | null): void {
  let text = '';
  for (const part of (value ?? '').split(' ')) {
    if (!part || !CONSOLE_VERSION_PATTERN.test(part)) continue;
    const next = text ? `${text} ${part}` : part;
    if (next.length > CONSOLE_VERSION_MAX_LENGTH) break;
    text = next;
  }
  current = text || null;
}

/** The value of `X-Console-Version` for the next call; null: none. */
export function getConsoleVersion(): string | null {
  return current;
}
