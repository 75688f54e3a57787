import { decimalTextToNumber, numberToDecimalText } from '@manager/contract';

/**
 * A balance input read as the admin meant it (docs/screens.md, "User detail"): a new value
 * ("295") or a change of the figure the form opened with ("+100", "-50"). The arithmetic is
 * exact: figures are whole numbers of 10^-9 (the TON column's scale) as BigInt, never floats,
 * so 0.1 + 0.2 is 0.3. What is typed keeps the field's decimals (TON 2, rounded half up; the
 * others whole, cut), and text that is not a number is 0 (spec: "non-numeric becomes 0").
 */

const SCALE = 9;
const ONE = 10n ** BigInt(SCALE);

/** Plain decimal text (`DECIMAL_TEXT`, optional sign) to units of 10^-9, the digits past 9 rounded half up. */
function unitsOf(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  const kept = BigInt(whole || '0') * ONE + BigInt((fraction.slice(0, SCALE) || '0').padEnd(SCALE, '0'));
  const up = (fraction[SCALE] ?? '0') >= '5' ? 1n : 0n;
  return negative ? -(kept + up) : kept + up;
}

/** Units back to plain decimal text without trailing zeros: 295000000000n -> "295". */
function textOf(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const fraction = String(abs % ONE)
    .padStart(SCALE, '0')
    .replace(/0+$/, '');
  return `${sign}${abs / ONE}${fraction ? `.${fraction}` : ''}`;
}

/** `units` kept to `decimals` places: rounded half up (TON) or cut (whole numbers), as the spec's inputs do. */
function keep(units: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(SCALE - decimals);
  return decimals > 0 ? ((units + step / 2n) / step) * step : (units / step) * step;
}

const TYPED = /^([+-])?(\d+(?:\.\d*)?|\.\d+)$/;

export interface BalanceInput {
  label: string;
  /** Decimals a stored edit keeps: 2 for TON, 0 for the others. */
  decimals: number;
  /** The largest figure the API stores (BALANCE_LIMITS). */
  max: number;
}

export interface BalanceChange {
  /** The figure the form opened with and the one Save would store, as plain decimal text. */
  from: string;
  to: string;
  /** `to` as the number the request sends (null with an error). */
  value: number | null;
  /** Why the input cannot be saved, or null. */
  error: string | null;
}

/** What the text typed in a balance field makes of the figure `seen`. */
export function balanceChange(input: BalanceInput, seen: number, text: string): BalanceChange {
  const fromUnits = unitsOf(numberToDecimalText(seen));
  const from = textOf(fromUnits);
  // The figure left as it is: stored as it is, whatever decimals it has (a TON balance of 7.125
  // the form did not touch stays 7.125).
  if (text.trim() === from) return { from, to: from, value: seen, error: null };
  const typed = TYPED.exec(text.trim().replace(/\s+/g, '').replace(',', '.'));
  const sign = typed?.[1];
  const amount = keep(
    typed ? unitsOf(typed[2]!.startsWith('.') ? `0${typed[2]}` : typed[2]!) : 0n,
    input.decimals,
  );
  const toUnits = sign === '+' ? fromUnits + amount : sign === '-' ? fromUnits - amount : amount;
  const to = textOf(toUnits);
  const fail = (error: string): BalanceChange => ({ from, to, value: null, error });
  if (toUnits < 0n) return fail(`${input.label} cannot go below 0 (${from} -> ${to})`);
  if (toUnits > unitsOf(numberToDecimalText(input.max)))
    return fail(`${input.label} cannot be more than ${numberToDecimalText(input.max)}`);
  if (keep(toUnits, input.decimals) !== toUnits)
    return fail(
      `${input.label} keeps ${input.decimals ? `${input.decimals} decimals` : 'whole numbers'}: enter the new value`,
    );
  return { from, to, value: decimalTextToNumber(to), error: null };
}
