import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { executeRows, type Db } from '../db/client';
import { giveaways, lootBoxes, mailings, settings, shopItems, tasks, tournaments } from '../db/schema/index';
import type { JobDefinition } from '../jobs/queue';
import type { FileStore } from './file-store';

export const CLEANUP_UPLOADS_JOB = 'cleanup.uploads';

/**
 * A stored file younger than this is never deleted: its request may still be writing the row
 * that names it (a file is saved before the transaction that names it commits).
 */
export const UPLOADS_GRACE_MS = 24 * 3_600_000;

/** Files deleted per store call. */
const DELETE_BATCH = 100;

/** The columns that name a stored upload (the names `lib/images.ts` gives; see migration 0003). */
const NAME_COLUMNS: Array<[PgTable, SQLWrapper]> = [
  [tasks, tasks.photoUrl],
  [tournaments, tournaments.tournamentsImage],
  [giveaways, giveaways.previewImageUrl],
  [mailings, mailings.mediaLink],
  [settings, settings.bannerOneImageUrl],
  [settings, settings.bannerTwoImageUrl],
  [shopItems, shopItems.photoUrl],
  [shopItems, shopItems.thumbUrl],
  [lootBoxes, lootBoxes.imageUrl],
];
/** JSON documents that may name uploads anywhere inside (a loot box reward's gift images): every string in them counts. */
const NAME_DOCUMENTS: Array<[PgTable, SQLWrapper]> = [
  [lootBoxes, lootBoxes.rewards],
  [giveaways, giveaways.gifts],
];

/** Every name a row holds, in one query (a name that is no file key matches no file). */
export async function namedUploads(db: Db): Promise<Set<string>> {
  const parts = [
    ...NAME_COLUMNS.map(([table, column]) => sql`select ${column}::text from ${table}`),
    ...NAME_DOCUMENTS.map(
      ([table, doc]) =>
        sql`select jsonb_path_query(${doc}, '$.** ? (@.type() == "string")') #>> '{}' from ${table}`,
    ),
  ];
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select distinct name from (${sql.join(parts, sql` union all `)}) as named (name) where name <> ''`,
  );
  return new Set(rows.map((r) => r.name));
}

export interface UploadsCleanupReport {
  /** Files in the store. */
  files: number;
  /** Files no row names, older than the grace period: deleted. */
  deleted: number;
}

/**
 * Deletes the stored files no row names any more (a replaced or removed image, a file whose
 * request died before its row was written), once they are older than `graceMs`. The names are
 * read first, then the store is listed: a row written in between names a file younger than
 * the grace period, which is kept.
 */
export async function cleanupUploads(
  db: Db,
  files: FileStore,
  now: Date,
  graceMs = UPLOADS_GRACE_MS,
): Promise<UploadsCleanupReport> {
  const named = await namedUploads(db);
  const before = now.getTime() - graceMs;
  let count = 0;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    await files.delete(batch);
    deleted += batch.length;
    batch = [];
  };
  for await (const file of files.list()) {
    count += 1;
    if (named.has(file.key) || file.modified.getTime() >= before) continue;
    batch.push(file.key);
    if (batch.length >= DELETE_BATCH) await flush();
  }
  if (batch.length) await flush();
  return { files: count, deleted };
}

/** `cleanup.uploads`, on the schedule UPLOADS_CLEANUP_CRON (daily by default). */
export const cleanupUploadsJob: JobDefinition = {
  name: CLEANUP_UPLOADS_JOB,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 3600 },
  cron: (app) => app.config.uploadsCleanupCron,
  async run(app) {
    const report = await cleanupUploads(app.db, app.files, app.clock());
    if (report.deleted > 0) app.log.info(report, 'uploads no row names were deleted');
    return report;
  },
};
