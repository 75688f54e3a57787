import type { IncomingHttpHeaders } from 'node:http';
import {
  CONSOLE_VERSION_HEADER,
  CONSOLE_VERSION_MAX_LENGTH,
  CONSOLE_VERSION_PATTERN,
} from '@manager/contract';

const HEADER = CONSOLE_VERSION_HEADER.toLowerCase();

/** What a request says about the console builds it comes from: a value, none, or a refusal. */
export type ConsoleVersionHeader = { value: string | null; problem: null } | { value: null; problem: string };

/**
 * Reads `X-Console-Version` (`shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b ...`). Absent or blank:
 * none. The value goes into audit rows as the client sent it, so it is held to a short text
 * of plain characters; a header sent twice arrives joined with `, ` and is refused too.
 */
export function consoleVersionOf(headers: IncomingHttpHeaders): ConsoleVersionHeader {
  const raw = headers[HEADER];
  if (raw === undefined) return { value: null, problem: null };
  const text = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  if (text.length > CONSOLE_VERSION_MAX_LENGTH) {
    return {
      value: null,
      problem: `${CONSOLE_VERSION_HEADER}: at most ${CONSOLE_VERSION_MAX_LENGTH} characters`,
    };
  }
  if (!CONSOLE_VERSION_PATTERN.test(text)) {
    return {
      value: null,
      problem: `${CONSOLE_VERSION_HEADER}: only letters, digits, spaces and . + - _ @ : are allowed`,
    };
  }
  return { value: text || null, problem: null };
}
