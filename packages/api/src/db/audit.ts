import { auditLog } from './schema/auth';
import type { DbOrTx } from './client';

interface AuditEntry {
  /** The acting admin; null when unknown (a failed sign-in with an unknown identifier). */
  adminId: number | null;
  /** What happened, e.g. `login.success`, `2fa.enable`, `user.balances.update`. */
  action: string;
  /** The kind of thing changed, e.g. `admin`, `user`, `withdrawal`. */
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row; pass the transaction that makes the change so both commit together. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
