import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ton } from './columns';
import { userRef } from './users';

/**
 * NFT gifts held by players. `name` is the gift's slug ("PlushPepe-1234"), from which the
 * console builds the picture URL on the external NFT host; `baseName` is the collection.
 * Status: `available` (held), `listed` (on the marketplace), `withdrawing` (a pending
 * withdrawal holds it), `withdrawn` (left the platform).
 */
const INVENTORY_STATUSES = ['available', 'listed', 'withdrawing', 'withdrawn'] as const;

export const inventories = pgTable(
  'inventories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    telegramId: userRef('telegram_id').notNull(),
    name: text('name').notNull(),
    baseName: text('base_name').notNull(),
    giftNumber: integer('gift_number'),
    price: ton('price').notNull().default('0'),
    status: text('status', { enum: INVENTORY_STATUSES }).notNull().default('available'),
    modelThumbUrl: text('model_thumb_url').notNull().default(''),
    symbolThumbUrl: text('symbol_thumb_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventories_telegram_id_idx').on(t.telegramId, t.createdAt),
    // The inventory list: gifts on the platform in list order (an index-only read of a page's ids).
    index('inventories_on_platform_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} <> 'withdrawn'`),
    index('inventories_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('inventories_base_name_trgm_idx').using('gin', t.baseName.op('gin_trgm_ops')),
    // A name search's page: the gifts on the platform of one collection and name stem (see
    // inventoryNameCounts) in list order, read for each matching stem and merged.
    index('inventories_stem_on_platform_idx')
      .on(t.baseName, sql`gift_name_stem(${t.name})`, t.createdAt, t.id)
      .where(sql`${t.status} <> 'withdrawn'`),
  ],
);

/**
 * Gifts on the platform (status not withdrawn) per name stem and collection, kept by triggers
 * (migration list_searches). A gift's name is its collection's slug and its number
 * ("PlushPepe-1234"); its stem, `gift_name_stem(name)`, is the name without a trailing
 * `-<digits>` ("PlushPepe"), so the table holds about one row per collection, however many
 * gifts there are. A search without `-` or digits matches a name exactly when it matches the
 * name's stem, so its total is the sum over the (stem, collection) keys that match, and its
 * page merges those keys' reads of `inventories_stem_on_platform_idx`. A statement adds to the
 * slot of its connection (`pg_backend_pid() % 8`); a key's count is the sum of its slots.
 */
export const inventoryNameCounts = pgTable(
  'inventory_name_counts',
  {
    nameStem: text('name_stem').notNull(),
    baseName: text('base_name').notNull(),
    slot: smallint('slot').notNull(),
    gifts: bigint('gifts', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('inventory_name_counts_key').on(t.nameStem, t.baseName, t.slot),
    // For names that are not slugs (one stem per gift). Without the pending list (fastupdate):
    // the triggers add stems a statement at a time, and every search would read the unmerged
    // pending list in full. The migration builds these indexes after the rebuild has filled the table.
    index('inventory_name_counts_name_stem_trgm_idx')
      .using('gin', t.nameStem.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('inventory_name_counts_base_name_trgm_idx')
      .using('gin', t.baseName.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** Telegram's regular (non-NFT) gifts bought with Stars; ids are Telegram's 64-bit ids as text. */
export const starsGifts = pgTable('stars_gifts', {
  id: text('id').primaryKey(),
  price: integer('price').notNull(),
  emoji: text('emoji'),
  thumbnailUrl: text('thumbnail_url').notNull().default(''),
});
