/**
 * Dates of the seed. Everything is placed relative to `now` (the real time at seed time, or
 * SEED_NOW / the `now` option for reproducible data), with deterministic offsets, so the
 * dashboard, "online" counters and the day/week/month filters always have recent rows.
 *
 * Growth is quadratic: the number of users registered by time t is N * (t/T)^2, so recent
 * days hold more sign-ups than old ones, as on a growing platform.
 */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Users registered over the last year; the newest two minutes ago. */
const USER_SPAN_MS = 365 * DAY;
const NEWEST_USER_AGE_MS = 2 * MINUTE;

export class Timeline {
  readonly now: number;
  readonly start: number;
  private readonly end: number;

  constructor(
    now: Date,
    readonly users: number,
  ) {
    this.now = now.getTime();
    this.end = this.now - NEWEST_USER_AGE_MS;
    this.start = this.end - USER_SPAN_MS;
  }

  /** Registration time of user index i (monotonic in i). */
  userCreatedAt(i: number): number {
    return this.start + USER_SPAN_MS * Math.sqrt((i + 1) / this.users);
  }

  /** How many users were registered at time t (users 0..n-1 exist). */
  usersAt(t: number): number {
    const fraction = Math.min(1, Math.max(0, (t - this.start) / USER_SPAN_MS));
    return Math.max(1, Math.min(this.users, Math.floor(this.users * fraction * fraction)));
  }

  /** Time of event j of `total` spread over the last `spanMs`, ending `endAgoMs` before now. */
  eventAt(j: number, total: number, spanMs: number, endAgoMs = 0): number {
    const end = this.now - endAgoMs;
    return end - spanMs + spanMs * Math.sqrt((j + 1) / total);
  }
}
