import type { Person } from '@manager/contract';

type PersonKey = 'avatar' | 'username' | 'firstName' | 'lastName' | 'telegramId' | 'isPremium';
const PERSON_KEYS: PersonKey[] = ['avatar', 'username', 'firstName', 'lastName', 'telegramId', 'isPremium'];

/**
 * The person columns of a (left-)joined users table, flattened with a prefix (`buyer_avatar`...):
 * Drizzle's nested objects come back null for aliased left joins, so rows are rebuilt in JS
 * by `personOf`. Pass an alias to join the same table twice (buyer, seller).
 */
export const personColumns = <P extends string, T extends Record<PersonKey, unknown>>(prefix: P, u: T) =>
  Object.fromEntries(PERSON_KEYS.map((k) => [`${prefix}_${k}`, u[k]])) as {
    [K in PersonKey as `${P}_${K}`]: T[K];
  };

/** The person block of a row selected with `personColumns(prefix, ...)`; null when no player was joined. */
export function personOf(row: Record<string, unknown>, prefix: string): Person | null {
  if (row[`${prefix}_telegramId`] === null || row[`${prefix}_telegramId`] === undefined) return null;
  return Object.fromEntries(PERSON_KEYS.map((k) => [k, row[`${prefix}_${k}`]])) as Person;
}
