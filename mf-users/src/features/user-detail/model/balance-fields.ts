import type { UpdateBalancesRequest, UserSummary } from '@manager/contract';

type BalanceKey = keyof UpdateBalancesRequest;

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

/**
 * Input text to the amount sent (docs/screens.md): non-numeric becomes 0, TON keeps 2 decimals,
 * the others are whole numbers.
 */
export function parseAmount(text: string, decimals: boolean): number {
  const n = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(n)) return 0;
  return decimals ? Math.round(n * 100) / 100 : Math.trunc(n);
}

export const requestOf = (draft: BalanceDraft): UpdateBalancesRequest =>
  Object.fromEntries(BALANCE_FIELDS.map(({ key, decimals }) => [key, parseAmount(draft[key], decimals)])) as UpdateBalancesRequest;
