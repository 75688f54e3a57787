import type { DraftReward } from './rewards-model';

/** A decimal as an integer and a power of ten: `12.5` is `{ units: 125n, scale: 1 }`. */
interface Decimal {
  units: bigint;
  scale: number;
}

const ZERO: Decimal = { units: 0n, scale: 0 };
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** A finite number read exactly as JavaScript prints it (its shortest decimal form); else 0. */
function decimalOf(n: number): Decimal {
  const match = Number.isFinite(n) ? DECIMAL.exec(String(n)) : null;
  if (!match) return ZERO;
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = match;
  let units = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

const rescale = (d: Decimal, scale: number) => d.units * 10n ** BigInt(scale - d.scale);

/** Plain decimal text of an exact value, without trailing zeros (`156.25`, `0.000375`). */
function text({ units, scale }: Decimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The chance as typed (a percent; a decimal comma is a point; empty or unreadable is 0). */
const percentOf = (r: DraftReward) => {
  const n = Number(r.chanceText.trim().replace(',', '.'));
  return r.chanceText.trim() === '' ? ZERO : decimalOf(n);
};

/**
 * What one opening pays out on average, in Stars: the sum of chance x Stars value over the
 * rewards, computed exactly on the decimals as entered (no binary rounding: 3 x 33.33% of 300
 * is 299.97, never 299.96999...), and whether it is more than the box's price.
 */
export function expectedPayout(rewards: DraftReward[], price: number): { payout: string; exceeds: boolean } {
  const terms = rewards.map((r) => {
    const chance = percentOf(r);
    const value = decimalOf(r.starsValue);
    // Percent to fraction: two more decimal places.
    return { units: chance.units * value.units, scale: chance.scale + value.scale + 2 };
  });
  const scale = Math.max(0, ...terms.map((t) => t.scale));
  const sum: Decimal = { units: terms.reduce((acc, t) => acc + rescale(t, scale), 0n), scale };
  const cost = decimalOf(price);
  const common = Math.max(scale, cost.scale);
  return { payout: text(sum), exceeds: rescale(sum, common) > rescale(cost, common) };
}
