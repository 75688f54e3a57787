import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { admins } from '../db/schema/auth';

/*
 * The lock order of an admin's sign-in rows. A transaction that writes more than one of an
 * admin's rows (the admin row with its counters and secrets, the pair counters, challenges,
 * backup codes, refresh tokens) locks the admin row FIRST, with `lockAdmin` or by updating it
 * as its first statement. Two such transactions for one admin then queue on that row and
 * never hold each other's other rows, so PostgreSQL cannot find a deadlock among them (a
 * deadlock aborts one of them: a 500). The address counter (no admin) is taken after it.
 *
 * `for no key update` is the lock a plain UPDATE of the row takes: it excludes the other
 * writers of the row but not the key-share locks that inserts referencing the admin take.
 */
export async function lockAdmin(tx: DbOrTx, adminId: number): Promise<void> {
  await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('no key update');
}
