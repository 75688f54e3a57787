import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { LootBox, LootBoxFields, lootBoxesQuerySchema } from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db } from '../db/client';
import { lootBoxes, shopItems } from '../db/schema/index';
import type { LootBoxRewardJson } from '../db/schema/loot-boxes';
import { countAll, isPaged, orderOf, pageOf, paginationOf } from '../lib/lists';
import type { ConfirmChange } from '../lib/money-changes';
import { containsAny } from '../lib/search';
import { badRequest } from '../lib/envelope';
import { payoutOf } from './rewards';

type LootBoxesQuery = z.output<typeof lootBoxesQuerySchema>;

type Row = typeof lootBoxes.$inferSelect;
const toLootBox = (row: Row): LootBox => ({
  id: row.id,
  name: row.name,
  amount: row.amount,
  imageUrl: row.imageUrl || null,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  rewards: row.rewards.map((r) => ({ ...r, showInModal: r.showInModal ?? true })),
});

/** `GET /loot-boxes`: names containing the search, the status filter; newest first by default (`loot_boxes_created_at_id_idx`). */
export async function listLootBoxes(db: Db, q: LootBoxesQuery) {
  const where = and(
    q.search ? containsAny([lootBoxes.name], q.search) : undefined,
    q.status ? eq(lootBoxes.isActive, q.status === 'active') : undefined,
  );
  const order = orderOf(
    q.sort,
    { createdAt: lootBoxes.createdAt, amount: lootBoxes.amount, name: lootBoxes.name },
    lootBoxes.id,
    [desc(lootBoxes.createdAt), desc(lootBoxes.id)],
  );
  const select = db
    .select()
    .from(lootBoxes)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (!isPaged(q)) return (await select).map(toLootBox);
  const [rows, [counted]] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(lootBoxes).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  return { lootBoxes: rows.map(toLootBox), pagination: paginationOf(q, total, 'totalLootBoxes') };
}

/** SHOP rewards must name shop items that exist (400 otherwise). */
export async function checkShopItems(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: shopItems.id }).from(shopItems).where(inArray(shopItems.id, ids));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`rewards: Unknown shop item ${missing.join(', ')}`);
}

interface LootBoxWrite {
  fields: LootBoxFields;
  rewards: LootBoxRewardJson[];
  /** The stored image name; absent keeps the current image. */
  imageUrl?: string;
}

const audit = (adminId: number, verb: 'create' | 'update' | 'toggle' | 'delete'): AuditedWrite => ({
  adminId,
  action: `loot_box.${verb}` as const,
  entity: 'loot_box',
  missing: 'Loot box not found',
});

/**
 * Create (id undefined) or update, with the audit row, in one transaction. An update that
 * changes the price or what the rewards pay out (amounts, chances, Stars values, gifts) runs
 * `confirm` (the step-up) first, against the locked row; one that keeps them (the name, images)
 * needs none. A create is confirmed before it gets here (the call needs a step-up always).
 */
export async function saveLootBox(
  db: Db,
  adminId: number,
  id: number | undefined,
  write: LootBoxWrite,
  confirm: ConfirmChange,
): Promise<LootBox> {
  const values = {
    name: write.fields.name,
    amount: write.fields.amount,
    rewards: write.rewards,
    ...(write.imageUrl ? { imageUrl: write.imageUrl } : {}),
  };
  const row =
    id === undefined
      ? await insertAudited(db, lootBoxes, () => values, audit(adminId, 'create'))
      : await updateAudited(
          db,
          lootBoxes,
          id,
          async (before, tx) => {
            if (before.amount !== values.amount || payoutOf(before.rewards) !== payoutOf(values.rewards))
              await confirm(tx);
            return values;
          },
          audit(adminId, 'update'),
        );
  return toLootBox(row);
}

export async function toggleLootBox(db: Db, adminId: number, id: number): Promise<LootBox> {
  const row = await updateAudited(
    db,
    lootBoxes,
    id,
    (before) => ({ isActive: !before.isActive }),
    audit(adminId, 'toggle'),
  );
  return toLootBox(row);
}

export const deleteLootBox = (db: Db, adminId: number, id: number) =>
  deleteAudited(db, lootBoxes, id, audit(adminId, 'delete'));
