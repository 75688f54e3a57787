import {
  requiredReasonSchema,
  type BalanceValues,
  type UpdateBalancesRequest,
  type UserSummary,
} from '@manager/contract';

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

/** An open balances form: the inputs, the figures it opened with, and why the admin edits them. */
export interface BalanceForm {
  draft: BalanceDraft;
  seen: BalanceValues;
  reason: string;
}
export const formOf = (user: UserSummary, reason = ''): BalanceForm => ({
  draft: draftOf(user),
  seen: figuresOf(user),
  reason,
});

/** Why the reason cannot be sent (`Please enter a reason`), or null when it can. */
export function reasonError(reason: string): string | null {
  const parsed = requiredReasonSchema.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please enter a reason');
}

/**
 * Input text to the amount sent (docs/screens.md): non-numeric becomes 0, TON keeps 2 decimals,
 * the others are whole numbers.
 */
export function parseAmount(text: string, decimals: boolean): number {
  const n = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(n)) return 0;
  return decimals ? Math.round(n * 100) / 100 : Math.trunc(n);
}

/** The PUT body: the parsed inputs, the figures the form opened with as `expected`, the reason. */
export const requestOf = ({ draft, seen, reason }: BalanceForm): UpdateBalancesRequest => ({
  ...(Object.fromEntries(
    BALANCE_FIELDS.map(({ key, decimals }) => [key, parseAmount(draft[key], decimals)]),
  ) as BalanceValues),
  expected: seen,
  reason: reason.trim(),
});
