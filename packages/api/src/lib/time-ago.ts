/** Largest unit first; the users list builds the same text in SQL from this table (users/list-page-sql.ts). */
export const TIME_AGO_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "1 minute ago", "5 minutes ago", "3 days ago"; future times read "just now". */
export function timeAgo(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  for (const [unit, ms] of TIME_AGO_UNITS) {
    const n = Math.floor(elapsed / ms);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
