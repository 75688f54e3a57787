import dayjs from 'dayjs';
import { ONLINE_WINDOW_MS } from '../limits.ts';

type DateInput = string | number | Date | null | undefined;

const EMPTY = '-';

function valid(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** "Mar 5, 2026"; "-" when missing or invalid. Local time zone. */
export function formatDate(value: DateInput): string {
  return valid(value)?.format('MMM D, YYYY') ?? EMPTY;
}

/** "Mar 5, 2026 14:07"; "-" when missing or invalid. Local time zone. */
export function formatDateTime(value: DateInput): string {
  return valid(value)?.format('MMM D, YYYY HH:mm') ?? EMPTY;
}

/** "Mar 5, 2026 14:07:09" (a log's time, to the second); "-" when missing or invalid. Local time zone. */
export function formatTimestamp(value: DateInput): string {
  return valid(value)?.format('MMM D, YYYY HH:mm:ss') ?? EMPTY;
}

const STEPS: ReadonlyArray<readonly [number, string]> = [
  [365 * 24 * 3600, 'year'],
  [30 * 24 * 3600, 'month'],
  [7 * 24 * 3600, 'week'],
  [24 * 3600, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/** "just now", "1 minute ago", "3 days ago"... ; future dates count as "just now". */
export function timeAgo(value: DateInput, now: number = Date.now()): string {
  const d = valid(value);
  if (!d) return EMPTY;
  const seconds = Math.floor((now - d.valueOf()) / 1000);
  for (const [size, unit] of STEPS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** Online when the last activity is within the last 5 minutes (docs/screens.md). */
export function isOnline(lastActive: DateInput, now: number = Date.now()): boolean {
  const d = valid(lastActive);
  if (!d) return false;
  const age = now - d.valueOf();
  return age >= -60_000 && age <= ONLINE_WINDOW_MS; // a minute of clock skew still counts as online
}
