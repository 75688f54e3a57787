import { desc, inArray } from 'drizzle-orm';
import type { CreateGiveawayFields, Giveaway, GiveawayGift, UpdateGiveawayFields } from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db, DbOrTx } from '../db/client';
import { giveaways, inventories } from '../db/schema/index';
import type { GiveawayGiftJson } from '../db/schema/engagement';
import { badRequest } from '../plugins/envelope';

type GiveawayRow = typeof giveaways.$inferSelect;

function toGiveaway(row: GiveawayRow): Giveaway {
  return {
    id: row.id,
    previewImageUrl: row.previewImageUrl || null,
    expiredDate: row.expiredDate.toISOString(),
    gifts: row.gifts,
    isFree: row.isFree,
    ticketPriceTon: Number(row.ticketPriceTon),
    ticketPriceStars: Number(row.ticketPriceStars),
    tickets: row.tickets,
    status: row.status,
    winners: row.winners.map((w) => ({ winnerId: String(w.winnerId), username: w.username, giftName: w.giftName })),
  };
}

/** Sorted by expiry, latest first (the order the page shows). */
export async function listGiveaways(db: DbOrTx): Promise<Giveaway[]> {
  const rows = await db.select().from(giveaways).orderBy(desc(giveaways.expiredDate), desc(giveaways.id));
  return rows.map(toGiveaway);
}

/**
 * The prizes as the inventory knows them: the client's names and prices are not trusted,
 * and an id the inventory does not hold is refused (400) before any row is written (the
 * route then removes the preview image it stored).
 */
async function resolveGifts(db: DbOrTx, picked: GiveawayGift[]): Promise<GiveawayGiftJson[]> {
  const ids = [...new Set(picked.map((g) => g.id))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: inventories.id, name: inventories.name, baseName: inventories.baseName, price: inventories.price, modelThumbUrl: inventories.modelThumbUrl })
    .from(inventories)
    .where(inArray(inventories.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) throw badRequest(`gifts: Unknown gift id ${unknown.slice(0, 5).join(', ')}`);
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { id: r.id, name: r.name, baseName: r.baseName, price: Number(r.price), modelThumbUrl: r.modelThumbUrl || null };
  });
}

const audit = (adminId: number, verb: 'create' | 'update' | 'delete'): AuditedWrite => ({
  adminId,
  action: `giveaway.${verb}` as const,
  entity: 'giveaway',
  missing: 'Giveaway not found',
});

const valuesOf = (body: CreateGiveawayFields, gifts: GiveawayGiftJson[]) => ({
  expiredDate: new Date(body.expiredDate),
  gifts,
  isFree: body.isFree,
  ticketPriceTon: String(body.ticketPriceTon),
  ticketPriceStars: String(body.ticketPriceStars),
});

/** Unknown gift ids are refused (400) before any row is written. `previewImageUrl`: the stored image name, '' for none. */
export async function createGiveaway(db: Db, adminId: number, body: CreateGiveawayFields, previewImageUrl: string): Promise<Giveaway> {
  const gifts = await resolveGifts(db, body.gifts);
  const row = await insertAudited(db, giveaways, () => ({ ...valuesOf(body, gifts), previewImageUrl, status: true }), audit(adminId, 'create'));
  return toGiveaway(row);
}

/** An absent status or preview image keeps the stored one. */
export async function updateGiveaway(db: Db, adminId: number, id: number, body: UpdateGiveawayFields, previewImageUrl: string | undefined): Promise<Giveaway> {
  const gifts = await resolveGifts(db, body.gifts);
  const row = await updateAudited(
    db,
    giveaways,
    id,
    (before) => ({ ...valuesOf(body, gifts), status: body.status ?? before.status, ...(previewImageUrl ? { previewImageUrl } : {}) }),
    audit(adminId, 'update'),
  );
  return toGiveaway(row);
}

export const deleteGiveaway = (db: Db, adminId: number, id: number) => deleteAudited(db, giveaways, id, audit(adminId, 'delete'));
