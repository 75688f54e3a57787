import { eq, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/envelope';
import type { AuditAction, AuditEntityType } from '@manager/contract';
import { writeAudit } from './audit';
import type { Db, Tx } from './client';

/** A table whose rows are addressed by a numeric `id` (tasks, tournaments, shop items...). */
type IdTable = PgTable & { id: AnyPgColumn };
type Row<T extends IdTable> = InferSelectModel<T>;
type Values<T extends IdTable> = Partial<InferInsertModel<T>>;

/**
 * Who changes what: the audit row's fields and the 404 text. The row keeps the stored row as
 * read (numeric columns as their decimal text): whole on a create or delete, its changed
 * columns on an update (`writeAudit`).
 */
export interface AuditedWrite {
  adminId: number;
  /** e.g. `task.update`. */
  action: AuditAction;
  /** e.g. `task`. */
  entity: AuditEntityType;
  /** The 404 message when the id does not exist, e.g. `Task not found`. */
  missing: string;
}

/**
 * Generic single-row writes, each with its audit row in the same transaction. Drizzle's
 * builders do not type-check over a generic table, so the casts live here, once.
 */
function query<T extends IdTable>(tx: Tx, table: T) {
  const t = table as unknown as PgTable & { id: AnyPgColumn };
  return {
    lock: async (id: number) =>
      (await tx.select().from(t).where(eq(t.id, id)).for('update'))[0] as Row<T> | undefined,
    insert: async (values: Values<T>) =>
      (
        await tx
          .insert(t)
          .values(values as never)
          .returning()
      )[0] as Row<T>,
    update: async (id: number, values: Values<T>) =>
      (
        await tx
          .update(t)
          .set(values as never)
          .where(eq(t.id, id))
          .returning()
      )[0] as Row<T>,
    remove: async (id: number) => {
      await tx.delete(t).where(eq(t.id, id));
    },
  };
}

export async function insertAudited<T extends IdTable>(
  db: Db,
  table: T,
  values: (tx: Tx) => Values<T> | Promise<Values<T>>,
  audit: AuditedWrite,
): Promise<Row<T>> {
  return db.transaction(async (tx) => {
    const row = await query(tx, table).insert(await values(tx));
    await writeAudit(tx, {
      adminId: audit.adminId,
      action: audit.action,
      entity: audit.entity,
      entityId: row.id as number,
      after: row,
    });
    return row;
  });
}

/** Locks the row (so the audit's "before" is what this write replaced), updates it, audits the changed columns. */
export async function updateAudited<T extends IdTable>(
  db: Db,
  table: T,
  id: number,
  values: (before: Row<T>, tx: Tx) => Values<T> | Promise<Values<T>>,
  audit: AuditedWrite,
): Promise<Row<T>> {
  return db.transaction(async (tx) => {
    const rows = query(tx, table);
    const before = await rows.lock(id);
    if (!before) throw notFound(audit.missing);
    const after = await rows.update(id, await values(before, tx));
    await writeAudit(tx, {
      adminId: audit.adminId,
      action: audit.action,
      entity: audit.entity,
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes the row with its audit row; `cleanUp` runs first in the same transaction (references to it). */
export async function deleteAudited<T extends IdTable>(
  db: Db,
  table: T,
  id: number,
  audit: AuditedWrite,
  cleanUp?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = query(tx, table);
    const before = await rows.lock(id);
    if (!before) throw notFound(audit.missing);
    await cleanUp?.(tx);
    await rows.remove(id);
    await writeAudit(tx, {
      adminId: audit.adminId,
      action: audit.action,
      entity: audit.entity,
      entityId: id,
      before,
    });
  });
}
