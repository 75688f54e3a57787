import { eq, inArray } from 'drizzle-orm';
import type { CreateShopItemFields, ShopItem, UpdateShopItemFields } from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db, DbOrTx } from '../db/client';
import { shopItems } from '../db/schema/index';
import { decimalsDiffer, type ConfirmChange } from '../lib/money-changes';
import { badRequest } from '../lib/envelope';

type Row = typeof shopItems.$inferSelect;
/** Stored image paths are relative to the uploads base ("<uuid>.png"); '' means none. */
const image = (path: string) => (path ? path : null);

export function toShopItem(row: Row): ShopItem {
  return {
    id: row.id,
    titleEn: row.titleEn,
    titleRu: row.titleRu,
    descriptionEn: row.descriptionEn,
    descriptionRu: row.descriptionRu,
    photo: image(row.photoUrl),
    photoUrl: image(row.photoUrl),
    thumb: image(row.thumbUrl),
    thumbUrl: image(row.thumbUrl),
    type: row.type,
    price: Number(row.price),
    currency: row.currency,
    status: row.status,
    sold: row.sold,
    bundleItems: row.bundleItems ? (JSON.parse(row.bundleItems) as number[]) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A bundle names existing items that are not NOOB_PACK themselves and not the pack being
 * edited; a pack inside a pack would make purchases recursive.
 */
async function checkBundle(tx: DbOrTx, ids: number[], selfId?: number): Promise<string | null> {
  if (ids.length === 0) return null;
  const unique = [...new Set(ids)];
  if (selfId !== undefined && unique.includes(selfId))
    throw badRequest('bundleItems: A bundle cannot contain itself');
  const found = await tx
    .select({ id: shopItems.id, type: shopItems.type })
    .from(shopItems)
    .where(inArray(shopItems.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`bundleItems: Unknown shop item ${missing.join(', ')}`);
  const packs = found.filter((f) => f.type === 'NOOB_PACK').map((f) => f.id);
  if (packs.length) throw badRequest(`bundleItems: NOOB_PACK items cannot be bundled (${packs.join(', ')})`);
  return JSON.stringify(unique);
}

const fieldsOf = (f: CreateShopItemFields) => ({
  titleEn: f.titleEn,
  titleRu: f.titleRu,
  descriptionEn: f.descriptionEn,
  descriptionRu: f.descriptionRu,
  type: f.type,
  price: String(f.price),
  currency: f.currency,
});

interface ImagePaths {
  photoUrl?: string;
  thumbUrl?: string;
}

const audit = (adminId: number, verb: 'create' | 'update' | 'delete'): AuditedWrite => ({
  adminId,
  action: `shop_item.${verb}` as const,
  entity: 'shop_item',
  missing: 'Shop item not found',
});

export async function createShopItem(
  db: Db,
  adminId: number,
  f: CreateShopItemFields,
  images: ImagePaths,
): Promise<ShopItem> {
  const row = await insertAudited(
    db,
    shopItems,
    async (tx) => ({
      ...fieldsOf(f),
      bundleItems: f.type === 'NOOB_PACK' ? await checkBundle(tx, f.bundleItems) : null,
      photoUrl: images.photoUrl ?? '',
      thumbUrl: images.thumbUrl ?? '',
    }),
    audit(adminId, 'create'),
  );
  return toShopItem(row);
}

/**
 * Absent images and status keep the stored ones. A save that changes the price (amount or
 * currency) runs `confirm` (the step-up) first, against the locked row; one that keeps it (the
 * texts, images, the status toggle) needs none.
 */
export async function updateShopItem(
  db: Db,
  adminId: number,
  id: number,
  f: UpdateShopItemFields,
  images: ImagePaths,
  confirm: ConfirmChange,
): Promise<ShopItem> {
  const row = await updateAudited(
    db,
    shopItems,
    id,
    async (before, tx) => {
      if (before.currency !== f.currency || (await decimalsDiffer(tx, [[before.price, f.price]])))
        await confirm(tx);
      return {
        ...fieldsOf(f),
        bundleItems: f.type === 'NOOB_PACK' ? await checkBundle(tx, f.bundleItems, id) : null,
        ...(f.status === undefined ? {} : { status: f.status }),
        ...images,
      };
    },
    audit(adminId, 'update'),
  );
  return toShopItem(row);
}

/**
 * Deletes an item. Its orders stay (their item reference becomes null, they keep price and
 * currency), and it leaves every NOOB_PACK that bundled it.
 */
export async function deleteShopItem(db: Db, adminId: number, id: number): Promise<void> {
  await deleteAudited(db, shopItems, id, audit(adminId, 'delete'), async (tx) => {
    const packs = await tx.select().from(shopItems).where(eq(shopItems.type, 'NOOB_PACK'));
    for (const pack of packs) {
      const ids = pack.bundleItems ? (JSON.parse(pack.bundleItems) as number[]) : [];
      if (!ids.includes(id)) continue;
      await tx
        .update(shopItems)
        .set({ bundleItems: JSON.stringify(ids.filter((x) => x !== id)) })
        .where(eq(shopItems.id, pack.id));
    }
  });
}
