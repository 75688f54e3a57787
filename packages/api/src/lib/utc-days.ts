/**
 * UTC days of the daily rollups (shop_order_days, payment_days, list_days): a filter's bounds
 * split into whole days, read from the rollup, and partial edge days, read from the rows; a
 * deep page entered at the edge of the day that holds it.
 */
export const DAY_MS = 86_400_000;

/**
 * The end of the dates the API accepts (years 1 to 9999, `dateInput` of the contract). A day
 * after it has no rows, and JavaScript would write its midnight as "+010000-01-01", which
 * PostgreSQL refuses: past it, a bound is "none".
 */
const END_MS = Date.UTC(10000, 0, 1);

export const isUtcMidnight = (d: Date) => d.getTime() % DAY_MS === 0;
export const startOfUtcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);

/** The first UTC midnight at or after `d`; undefined past year 9999. */
export function midnightFrom(d: Date): Date | undefined {
  const ms = Math.ceil(d.getTime() / DAY_MS) * DAY_MS;
  return ms < END_MS ? new Date(ms) : undefined;
}

/** The UTC midnight that ends `d`'s day; undefined past year 9999. */
export function midnightAfter(d: Date): Date | undefined {
  const ms = startOfUtcDay(d).getTime() + DAY_MS;
  return ms < END_MS ? new Date(ms) : undefined;
}

/** A rollup's `day` key (a `date` column) of a midnight. */
export const dayKey = (d: Date) => d.toISOString().slice(0, 10);
