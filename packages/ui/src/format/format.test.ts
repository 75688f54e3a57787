import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatDecimals } from './number.ts';
import { shortId, truncate } from './text.ts';
import { formatDate, formatDateTime, isOnline, timeAgo } from './date.ts';

describe('abbreviateNumber', () => {
  it('uses k, m, b with one decimal at 1e3, 1e6, 1e9', () => {
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(1000)).toBe('1.0k');
    expect(abbreviateNumber(2_000_000)).toBe('2.0m');
    expect(abbreviateNumber(3_140_000_000)).toBe('3.1b');
    expect(abbreviateNumber(-2500)).toBe('-2.5k');
  });
  it('promotes a value that rounds up to the next unit', () => {
    expect(abbreviateNumber(999_950)).toBe('1.0m');
  });
  it('shows smaller values with at most 2 decimals', () => {
    expect(abbreviateNumber(12.345)).toBe('12.35');
    expect(abbreviateNumber(7)).toBe('7');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber('0.5')).toBe('0.5');
    expect(abbreviateNumber(-0.001)).toBe('0');
  });
  it('treats non-numbers as 0', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('0');
    expect(abbreviateNumber('abc')).toBe('0');
    expect(abbreviateNumber(null)).toBe('0');
  });
});

describe('formatDecimals', () => {
  it('pads and rounds to the given digits', () => {
    expect(formatDecimals(2.5, 2)).toBe('2.50');
    expect(formatDecimals(1.005, 2)).toBe('1.01');
    expect(formatDecimals('12.6', 0)).toBe('13');
    expect(formatDecimals(undefined, 2)).toBe('0.00');
  });
});

describe('text', () => {
  it('truncates with "..." only past the limit', () => {
    expect(truncate('a'.repeat(25), 20)).toBe(`${'a'.repeat(20)}...`);
    expect(truncate('short', 20)).toBe('short');
    expect(truncate(null, 5)).toBe('');
  });
  it('shortens ids', () => {
    expect(shortId('0123456789abcdef', 8)).toBe('01234567...');
    expect(shortId('abc', 8)).toBe('abc');
    expect(shortId(1234567890123, 8)).toBe('12345678...');
  });
});

describe('dates', () => {
  const now = Date.parse('2026-03-05T12:00:00Z');
  it('formats dates and marks missing ones', () => {
    expect(formatDate('2026-03-05T12:00:00')).toBe('Mar 5, 2026');
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('Mar 5, 2026 14:07');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('garbage')).toBe('-');
  });
  it('says how long ago', () => {
    expect(timeAgo(now - 30_000, now)).toBe('just now');
    expect(timeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgo(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(timeAgo(now - 2 * 86400_000, now)).toBe('2 days ago');
  });
  it('is online within 5 minutes of the last activity', () => {
    expect(isOnline(new Date(now - 4 * 60_000), now)).toBe(true);
    expect(isOnline(new Date(now - 5 * 60_000), now)).toBe(true);
    expect(isOnline(new Date(now - 5 * 60_000 - 1), now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
});
