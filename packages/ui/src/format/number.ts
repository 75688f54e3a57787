import { ABBREVIATION } from '../limits.ts';

const UNITS = [
  { value: ABBREVIATION.BILLION, suffix: 'b' },
  { value: ABBREVIATION.MILLION, suffix: 'm' },
  { value: ABBREVIATION.THOUSAND, suffix: 'k' },
] as const;

/** At most `digits` decimals, trailing zeros dropped: 12.345 -> "12.35", 7 -> "7". */
function upTo(n: number, digits: number): string {
  // Shifting through the decimal text ("12.345e2") avoids 12.345 -> 12.34 from binary rounding.
  const rounded = Number(Math.round(Number(`${n}e${digits}`)) + `e-${digits}`);
  return String(Number.isFinite(rounded) ? rounded : Number(n.toFixed(digits)));
}

/**
 * Dashboard style: k / m / b with exactly one decimal from 1e3 up ("1.5k", "2.0m", "3.1b");
 * below 1e3 at most 2 decimals ("12.35", "7"). A value that rounds up to the next unit moves
 * there (999_950 -> "1.0m", not "1000.0k"). Non-numbers show as "0".
 */
export function abbreviateNumber(input: number | string | null | undefined): string {
  const n = typeof input === 'string' ? Number(input) : (input ?? 0);
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  let index = UNITS.findIndex((u) => abs >= u.value);
  if (index === -1) {
    const small = upTo(abs, 2);
    return small === '0' ? small : `${sign}${small}`;
  }
  let scaled = Math.round((abs / UNITS[index]!.value) * 10) / 10;
  if (scaled >= 1000 && index > 0) {
    index -= 1;
    scaled = Math.round((abs / UNITS[index]!.value) * 10) / 10;
  }
  return `${sign}${scaled.toFixed(1)}${UNITS[index]!.suffix}`;
}

/** Fixed decimals without grouping: formatDecimals(2.5, 2) -> "2.50"; non-numbers -> 0. */
export function formatDecimals(input: number | string | null | undefined, digits: number): string {
  const n = typeof input === 'string' ? Number(input) : (input ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  const rounded = Number(Math.round(Number(`${safe}e${digits}`)) + `e-${digits}`);
  return (Number.isFinite(rounded) ? rounded : safe).toFixed(digits);
}
