import {
  BALANCE_LIMITS,
  numberToDecimalText,
  requiredReasonSchema,
  type BalanceValues,
  type UpdateBalancesRequest,
  type UserSummary,
} from '@manager/contract';
import { balanceChange, type BalanceChange } from './balance-change';

type BalanceKey = keyof BalanceValues;

/** The editable balances, in display order; only TON has decimals (step 0.01); `max`: what the API stores. */
export const BALANCE_FIELDS: ReadonlyArray<{
  key: BalanceKey;
  label: string;
  decimals: boolean;
  max: number;
}> = [
  { key: 'tonBalance', label: 'TON Balance', decimals: true, max: BALANCE_LIMITS.ton },
  { key: 'starsBalance', label: 'Stars Balance', decimals: false, max: BALANCE_LIMITS.units },
  { key: 'redChipBalance', label: 'Red Chip Balance', decimals: false, max: BALANCE_LIMITS.units },
  { key: 'playBalance', label: 'Play Balance', decimals: false, max: BALANCE_LIMITS.units },
  { key: 'refNormal', label: 'Ref Normal', decimals: false, max: BALANCE_LIMITS.count },
  { key: 'refPremium', label: 'Ref Premium', decimals: false, max: BALANCE_LIMITS.count },
];

export type BalanceDraft = Record<BalanceKey, string>;

export const draftOf = (user: UserSummary): BalanceDraft =>
  Object.fromEntries(BALANCE_FIELDS.map(({ key }) => [key, numberToDecimalText(user[key])])) as BalanceDraft;

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

/**
 * The form moved onto the figures stored now (`now`), after someone else changed them: a field
 * the admin left as it opened takes the stored figure, a field they typed in keeps what they
 * typed (a change such as "+100" now applies to the stored figure). Nothing they typed is lost,
 * and nothing they did not touch undoes the other change.
 */
export function rebase(form: BalanceForm, now: BalanceValues): BalanceForm {
  const draft = { ...form.draft };
  for (const { key } of BALANCE_FIELDS)
    if (draft[key] === String(form.seen[key])) draft[key] = String(now[key]);
  return { ...form, draft, seen: now };
}

/** Why the reason cannot be sent (`Please enter a reason`), or null when it can. */
export function reasonError(reason: string): string | null {
  const parsed = requiredReasonSchema.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please enter a reason');
}

/** Each field's input against the figure the form opened with: a new value, or a change ("+100", "-50"). */
export const changesOf = ({ draft, seen }: BalanceForm): Record<BalanceKey, BalanceChange> =>
  Object.fromEntries(
    BALANCE_FIELDS.map(({ key, label, decimals, max }) => [
      key,
      balanceChange({ label, decimals: decimals ? 2 : 0, max }, seen[key], draft[key]),
    ]),
  ) as Record<BalanceKey, BalanceChange>;

/** What Save changes, one line a figure ("Stars Balance: 195 -> 295"): the preview and the step-up prompt's summary. */
export const summaryOf = (changes: Record<BalanceKey, BalanceChange>): string[] =>
  BALANCE_FIELDS.filter(({ key }) => changes[key].from !== changes[key].to).map(
    ({ key, label }) => `${label}: ${changes[key].from} -> ${changes[key].to}`,
  );

/** The first reason the inputs cannot be saved, or null. */
export const inputError = (changes: Record<BalanceKey, BalanceChange>): string | null =>
  BALANCE_FIELDS.map(({ key }) => changes[key].error).find((e) => e !== null) ?? null;

/**
 * The PUT body: the figures the inputs make (no input may have an error: `inputError`), the
 * figures the form opened with as `expected`, the reason.
 */
export function requestOf(form: BalanceForm): UpdateBalancesRequest {
  const changes = changesOf(form);
  return {
    ...(Object.fromEntries(BALANCE_FIELDS.map(({ key }) => [key, changes[key].value ?? 0])) as BalanceValues),
    expected: form.seen,
    reason: form.reason.trim(),
  };
}
