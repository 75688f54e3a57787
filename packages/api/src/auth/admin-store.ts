import { eq, or, sql } from 'drizzle-orm';
import type { Admin } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { admins, type AdminRow } from '../db/schema/auth';

/** The admin as the API shows it: never the hash, secrets or counters. */
export const toAdmin = (row: AdminRow): Admin => ({
  id: row.id,
  username: row.username,
  email: row.email,
  twoFactorEnabled: row.twoFactorEnabled,
});

/** The identifier is a username or an e-mail address, compared case-insensitively. */
export async function findAdminByIdentifier(db: DbOrTx, identifier: string): Promise<AdminRow | undefined> {
  const value = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(admins)
    .where(or(sql`lower(${admins.username}) = ${value}`, sql`lower(${admins.email}) = ${value}`))
    .limit(1);
  return row;
}

export async function findAdminById(db: DbOrTx, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row;
}
