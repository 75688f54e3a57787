import { sql } from 'drizzle-orm';
import { executeRows, type DbOrTx } from '../db/client';

/**
 * The step-up check of a save that changes what players are paid or charged (a reward, a
 * price, a loot box's odds): it throws to refuse (`requireFreshStepUp`). A repository runs it
 * inside its transaction, after locking the row and before writing, only when the save changes
 * such a value, so the change is judged against the row the save replaces.
 */
export type ConfirmChange = (tx: DbOrTx) => Promise<void>;

/**
 * Whether any stored decimal differs from the number sent for it, compared by the database
 * as numerics: numeric(20, 9) holds more digits than a double, so two values one double apart
 * would compare equal in JavaScript and the change would pass without its step-up.
 */
export async function decimalsDiffer(
  db: DbOrTx,
  pairs: ReadonlyArray<readonly [stored: string, sent: number]>,
): Promise<boolean> {
  if (pairs.length === 0) return false;
  const differs = sql.join(
    pairs.map(([stored, sent]) => sql`${stored}::numeric <> ${String(sent)}::numeric`),
    sql` or `,
  );
  const [row] = await executeRows<{ changed: boolean }>(db, sql`select (${differs}) as changed`);
  return row?.changed !== false;
}
