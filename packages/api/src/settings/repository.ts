import { eq, sql } from 'drizzle-orm';
import {
  redirectActionSchema,
  type Permission,
  type Settings,
  type UpdateSettingsFields,
} from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db, DbOrTx } from '../db/client';
import { settings } from '../db/schema/settings';

type SettingsRow = typeof settings.$inferSelect;

/** The single row's id (the table's check keeps it the only one). */
const SETTINGS_ID = 1;

/** Empty text columns mean "no image"; an unknown stored action is shown as none. */
function toSettings(row: SettingsRow): Settings {
  const action = (value: string) => redirectActionSchema.safeParse(value).data ?? null;
  return {
    technicalMode: row.technicalMode,
    playToStars: Number(row.playToStars),
    playToRedChip: Number(row.playToRedChip),
    bannerOneImageUrl: row.bannerOneImageUrl || null,
    bannerOneUrl: action(row.bannerOneUrl),
    bannerOneStatus: row.bannerOneStatus,
    bannerTwoImageUrl: row.bannerTwoImageUrl || null,
    bannerTwoUrl: action(row.bannerTwoUrl),
    bannerTwoStatus: row.bannerTwoStatus,
  };
}

/**
 * The settings row, created with the column defaults when a database has none yet (the seed
 * writes it, but a bare migrated database must answer too). Inside a transaction the row is
 * locked, so two saves do not read the same "before".
 */
async function loadSettingsRow(db: DbOrTx, lock = false): Promise<SettingsRow> {
  const select = () => {
    const query = db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
    return lock ? query.for('update') : query;
  };
  const [row] = await select();
  if (row) return row;
  await db.insert(settings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  const [created] = await select();
  return created!;
}

/** The columns of the two banners (a save changing any needs `settings.banners`). */
const BANNER_COLUMNS = [
  'bannerOneImageUrl',
  'bannerOneUrl',
  'bannerOneStatus',
  'bannerTwoImageUrl',
  'bannerTwoUrl',
  'bannerTwoStatus',
] as const;

interface BannerImages {
  bannerOneImageUrl?: string;
  bannerTwoImageUrl?: string;
}

/** Column values for a save: an absent redirect keeps the stored one, an empty one means `close`. */
function settingsChanges(before: SettingsRow, body: UpdateSettingsFields, images: BannerImages, now: Date) {
  const redirect = (value: string | null | undefined, current: string) =>
    value === undefined ? current : (value ?? 'close');
  return {
    technicalMode: body.technicalMode,
    playToStars: String(body.playToStars),
    playToRedChip: String(body.playToRedChip),
    bannerOneUrl: redirect(body.bannerOneUrl, before.bannerOneUrl),
    bannerOneStatus: body.bannerOneStatus,
    bannerTwoUrl: redirect(body.bannerTwoUrl, before.bannerTwoUrl),
    bannerTwoStatus: body.bannerTwoStatus,
    ...images,
    updatedAt: now,
  };
}

export const readSettings = async (db: Db): Promise<Settings> => toSettings(await loadSettingsRow(db));

/**
 * The save changes a rate: what players get for their TON (playToStars, playToRedChip). Compared
 * by the database as numerics, never as doubles: numeric(20, 9) holds more digits than a double,
 * so two rates one double apart would count as unchanged and skip the step-up.
 */
async function changesRates(tx: DbOrTx, body: UpdateSettingsFields): Promise<boolean> {
  const [row] = await tx
    .select({
      changed: sql<boolean>`${settings.playToStars} <> ${String(body.playToStars)}::numeric or ${settings.playToRedChip} <> ${String(body.playToRedChip)}::numeric`,
    })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ID));
  return row?.changed !== false;
}

/**
 * Saves the form with the audit row (the changed columns as stored: rates as decimal text);
 * `images` are the stored names of newly uploaded banners. When the save changes a rate or
 * turns technical mode on or off (the platform closed to players, or opened again),
 * `beforeGuardedChange` runs first (the step-up check; it throws to refuse): it is decided
 * against the locked row, so a save cannot pass as "unchanged" while another changes them.
 * `permits` is told first which parts change (technical mode: `settings.general`, a rate:
 * `settings.rates`, a banner: `settings.banners`); it throws to refuse, before anything is written.
 */
export async function updateSettings(
  db: Db,
  adminId: number,
  body: UpdateSettingsFields,
  images: BannerImages,
  now: Date,
  beforeGuardedChange: (tx: DbOrTx) => Promise<void> = async () => undefined,
  permits: (needs: Permission[]) => void = () => undefined,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await loadSettingsRow(tx, true);
    const changes = settingsChanges(before, body, images, now);
    const mode = before.technicalMode !== body.technicalMode;
    const rates = await changesRates(tx, body);
    const banners = BANNER_COLUMNS.some((k) => changes[k] !== undefined && changes[k] !== before[k]);
    permits([
      ...(mode ? (['settings.general'] as const) : []),
      ...(rates ? (['settings.rates'] as const) : []),
      ...(banners ? (['settings.banners'] as const) : []),
    ]);
    if (mode || rates) await beforeGuardedChange(tx);
    const [after] = await tx.update(settings).set(changes).where(eq(settings.id, SETTINGS_ID)).returning();
    await writeAudit(tx, {
      adminId,
      action: 'settings.update',
      entity: 'settings',
      entityId: SETTINGS_ID,
      before,
      after: after!,
    });
    return toSettings(after!);
  });
}
