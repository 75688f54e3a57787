import { desc, eq } from 'drizzle-orm';
import type { LootBox, LootBoxFields } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db } from '../db/client';
import { lootBoxes } from '../db/schema/index';
import type { LootBoxRewardJson } from '../db/schema/loot-boxes';
import { notFound } from '../plugins/envelope';

type Row = typeof lootBoxes.$inferSelect;
export const toLootBox = (row: Row): LootBox => ({
  id: row.id,
  name: row.name,
  amount: row.amount,
  imageUrl: row.imageUrl || null,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  rewards: row.rewards.map((r) => ({ ...r, showInModal: r.showInModal ?? true })),
});

export async function listLootBoxes(db: Db): Promise<LootBox[]> {
  const rows = await db.select().from(lootBoxes).orderBy(desc(lootBoxes.createdAt), desc(lootBoxes.id));
  return rows.map(toLootBox);
}

export interface LootBoxWrite {
  fields: LootBoxFields;
  rewards: LootBoxRewardJson[];
  /** Relative to the uploads base; absent keeps the current image. */
  imageUrl?: string;
}

/** Create (id undefined) or update, with the audit row, in one transaction. */
export async function saveLootBox(db: Db, adminId: number, id: number | undefined, write: LootBoxWrite): Promise<LootBox> {
  return db.transaction(async (tx) => {
    const values = { name: write.fields.name, amount: write.fields.amount, rewards: write.rewards, ...(write.imageUrl ? { imageUrl: write.imageUrl } : {}) };
    if (id === undefined) {
      const [row] = await tx.insert(lootBoxes).values(values).returning();
      const box = toLootBox(row!);
      await writeAudit(tx, { adminId, action: 'loot_box.create', entity: 'loot_box', entityId: box.id, after: box });
      return box;
    }
    const [current] = await tx.select().from(lootBoxes).where(eq(lootBoxes.id, id)).for('update');
    if (!current) throw notFound('Loot box not found');
    const [row] = await tx.update(lootBoxes).set(values).where(eq(lootBoxes.id, id)).returning();
    const box = toLootBox(row!);
    await writeAudit(tx, { adminId, action: 'loot_box.update', entity: 'loot_box', entityId: id, before: toLootBox(current), after: box });
    return box;
  });
}

export async function toggleLootBox(db: Db, adminId: number, id: number): Promise<LootBox> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(lootBoxes).where(eq(lootBoxes.id, id)).for('update');
    if (!current) throw notFound('Loot box not found');
    const [row] = await tx.update(lootBoxes).set({ isActive: !current.isActive }).where(eq(lootBoxes.id, id)).returning();
    await writeAudit(tx, { adminId, action: 'loot_box.toggle', entity: 'loot_box', entityId: id, before: { isActive: current.isActive }, after: { isActive: row!.isActive } });
    return toLootBox(row!);
  });
}

export async function deleteLootBox(db: Db, adminId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(lootBoxes).where(eq(lootBoxes.id, id)).for('update');
    if (!current) throw notFound('Loot box not found');
    await tx.delete(lootBoxes).where(eq(lootBoxes.id, id));
    await writeAudit(tx, { adminId, action: 'loot_box.delete', entity: 'loot_box', entityId: id, before: toLootBox(current) });
  });
}
