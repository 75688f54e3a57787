import { and, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateGiveawayFields,
  Giveaway,
  GiveawayGift,
  GiveawaysStats,
  giveawaysQuerySchema,
  UpdateGiveawayFields,
} from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db, DbOrTx } from '../db/client';
import { giveaways, inventories } from '../db/schema/index';
import type { GiveawayGiftJson } from '../db/schema/engagement';
import { countAll, countIf, isPaged, orderOf, pageOf, paginationOf } from '../lib/lists';
import { decimalsDiffer, type ConfirmChange } from '../lib/money-changes';
import { likePattern } from '../lib/search';
import { badRequest } from '../lib/envelope';

type GiveawaysQuery = z.output<typeof giveawaysQuerySchema>;

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
    winners: row.winners.map((w) => ({
      winnerId: String(w.winnerId),
      username: w.username,
      giftName: w.giftName,
    })),
  };
}

/**
 * The page's search: the exact id, or a gift whose name or base name contains the text; the
 * status filter is `giveawayStatus()` at `now` (expired once the expiry is not in the future).
 */
function giveawaysWhere(q: GiveawaysQuery, now: Date): SQL | undefined {
  const pattern = q.search ? likePattern(q.search) : '';
  const id = q.search && /^\d{1,9}$/.test(q.search) ? Number(q.search) : null;
  const byGift = sql`exists (select 1 from jsonb_array_elements(${giveaways.gifts}) as gift
    where gift ->> 'name' ilike ${pattern} or gift ->> 'baseName' ilike ${pattern})`;
  const status = {
    active: and(gt(giveaways.expiredDate, now), eq(giveaways.status, true)),
    inactive: and(gt(giveaways.expiredDate, now), eq(giveaways.status, false)),
    expired: lte(giveaways.expiredDate, now),
  };
  return and(
    q.search ? or(byGift, id === null ? undefined : eq(giveaways.id, id)) : undefined,
    q.status ? status[q.status] : undefined,
  );
}

/** The tiles over every giveaway, whatever the filters, at `now`: total, active, expired, free. */
async function giveawaysStats(db: DbOrTx, now: Date): Promise<GiveawaysStats> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      total: countAll,
      active: countIf(sql`${giveaways.expiredDate} > ${at} and ${giveaways.status}`),
      expired: countIf(sql`${giveaways.expiredDate} <= ${at}`),
      free: countIf(sql`${giveaways.isFree}`),
    })
    .from(giveaways);
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    expired: Number(row?.expired ?? 0),
    free: Number(row?.free ?? 0),
  };
}

/** `GET /giveaways`: latest expiry first by default (the page's order; `giveaways_expired_date_id_idx`). */
export async function listGiveaways(db: DbOrTx, q: GiveawaysQuery, now: Date) {
  const where = giveawaysWhere(q, now);
  const order = orderOf(
    q.sort,
    { expiredDate: giveaways.expiredDate, createdAt: giveaways.createdAt },
    giveaways.id,
    [desc(giveaways.expiredDate), desc(giveaways.id)],
  );
  const select = db
    .select()
    .from(giveaways)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (!isPaged(q)) return (await select).map(toGiveaway);
  const [rows, [counted], stats] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(giveaways).where(where),
    giveawaysStats(db, now),
  ]);
  const total = Number(counted?.n ?? 0);
  return { giveaways: rows.map(toGiveaway), pagination: paginationOf(q, total, 'totalGiveaways'), stats };
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
    .select({
      id: inventories.id,
      name: inventories.name,
      baseName: inventories.baseName,
      price: inventories.price,
      modelThumbUrl: inventories.modelThumbUrl,
    })
    .from(inventories)
    .where(inArray(inventories.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) throw badRequest(`gifts: Unknown gift id ${unknown.slice(0, 5).join(', ')}`);
  return ids.map((id) => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      name: r.name,
      baseName: r.baseName,
      price: Number(r.price),
      modelThumbUrl: r.modelThumbUrl || null,
    };
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
export async function createGiveaway(
  db: Db,
  adminId: number,
  body: CreateGiveawayFields,
  previewImageUrl: string,
): Promise<Giveaway> {
  const gifts = await resolveGifts(db, body.gifts);
  const row = await insertAudited(
    db,
    giveaways,
    () => ({ ...valuesOf(body, gifts), previewImageUrl, status: true }),
    audit(adminId, 'create'),
  );
  return toGiveaway(row);
}

const giftIds = (gifts: ReadonlyArray<{ id: number }>) =>
  gifts
    .map((g) => g.id)
    .sort((a, b) => a - b)
    .join(',');

/** The save changes what players pay or can win: free or not, a ticket price, the set of prizes. */
async function changesPrizesOrPrices(
  tx: DbOrTx,
  before: GiveawayRow,
  body: UpdateGiveawayFields,
  gifts: GiveawayGiftJson[],
): Promise<boolean> {
  if (before.isFree !== body.isFree || giftIds(before.gifts) !== giftIds(gifts)) return true;
  return decimalsDiffer(tx, [
    [before.ticketPriceTon, body.ticketPriceTon],
    [before.ticketPriceStars, body.ticketPriceStars],
  ]);
}

/**
 * An absent status or preview image keeps the stored one. A save that changes the prizes or
 * the ticket prices runs `confirm` (the step-up) first, against the locked row; one that keeps
 * them (the expiry, the image, the status toggle) needs none.
 */
export async function updateGiveaway(
  db: Db,
  adminId: number,
  id: number,
  body: UpdateGiveawayFields,
  previewImageUrl: string | undefined,
  confirm: ConfirmChange,
): Promise<Giveaway> {
  const gifts = await resolveGifts(db, body.gifts);
  const row = await updateAudited(
    db,
    giveaways,
    id,
    async (before, tx) => {
      if (await changesPrizesOrPrices(tx, before, body, gifts)) await confirm(tx);
      return {
        ...valuesOf(body, gifts),
        status: body.status ?? before.status,
        ...(previewImageUrl ? { previewImageUrl } : {}),
      };
    },
    audit(adminId, 'update'),
  );
  return toGiveaway(row);
}

export const deleteGiveaway = (db: Db, adminId: number, id: number) =>
  deleteAudited(db, giveaways, id, audit(adminId, 'delete'));
