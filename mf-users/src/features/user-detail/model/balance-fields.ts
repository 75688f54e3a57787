import type { BalanceValues, UpdateBalancesRequest, UserSummary } from '@manager/contract';

type BalanceKey = keyof BalanceValues;

/** The editable balances, in display order; only TON has decimals (step 0.01). */
export const BALANCE_FIELDS: ReadonlyArray<{ key: BalanceKey; label: string; decimals: boolean }> = [
  { key: 'tonBalance', label: 'TON Balance', decimals: true },
  { key: 'starsBalance', label: 'Stars Balance', decimals: false },
  { key: 'redChipBalance', label: 'Red Chip Balance', decimals: false },
  { key: 'playBalance', label: 'Play Balance', decimals: false },
  { key: 'refNormal', label: 'Ref Normal', decimals: false },
  { key: 'refPremium', label: 'Ref Premium', decimals: false },
];

export type BalanceDraft = Record<BalanceKey, string>;

export const draftOf = (user: UserSummary): BalanceDraft =>
  Object.fromEntries(BALANCE_FIELDS.map(({ key }) => [key, String(user[key])])) as BalanceDraft;

/** The six figures exactly as the API sent them (TON unrounded): the `expected` of a save. */
export const figuresOf = (user: UserSummary): BalanceValues =>
  Object.fromEntries(BALANCE_FIELDS.map(({ key }) => [key, user[key]])) as BalanceValues;

/** An open balances form: the inputs, and the figures it opened with. */
export interface BalanceForm {
  draft: BalanceDraft;
  seen: BalanceValues;
}
export const formOf = (user: UserSummary): BalanceForm => ({ draft: draftOf(user), seen: figuresOf(user) });

/**
 * Input text to the amount sent (docs/screens.md): non-numeric becomes 0, TON keeps 2 decimals,
 * the others are whole numbers.
 */
export function parseAmount(text: string, decimals: boolean): number {
  const n = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(n)) return 0;
  return decimals ? Math.round(n * 100) / 100 : Math.trunc(n);
}

/** The PUT body: the parsed inputs, and the figures the form opened with as `expected`. */
export const requestOf = ({ draft, seen }: BalanceForm): UpdateBalancesRequest => ({
  ...(Object.fromEntries(BALANCE_FIELDS.map(({ key, decimals }) => [key, parseAmount(draft[key], decimals)])) as BalanceValues),
  expected: seen,
});
