import { bigint, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ton } from './columns';
import { inventories } from './inventory';
import { userRef } from './users';

/** A gift listed for sale by its owner (the inventory row is then `listed`). Prices in TON. */
export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    giftNumber: integer('gift_number'),
    price: ton('price').notNull(),
    /** Price before the last change; 0 when never changed. */
    oldPrice: ton('old_price').notNull().default('0'),
    modelName: text('model_name'),
    telegramId: userRef('telegram_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('marketplace_items_created_at_id_idx').on(t.createdAt, t.id),
    index('marketplace_items_telegram_id_idx').on(t.telegramId),
    index('marketplace_items_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** A completed sale; the item is copied so the order survives the listing. */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemName: text('item_name').notNull(),
    giftNumber: integer('gift_number'),
    modelName: text('model_name'),
    buyerId: userRef('buyer_id').notNull(),
    sellerId: userRef('seller_id').notNull(),
    price: ton('price').notNull(),
    fee: ton('fee').notNull().default('0'),
    /** What the buyer paid: price + fee. */
    totalPrice: ton('total_price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('marketplace_orders_created_at_id_idx').on(t.createdAt, t.id),
    // A user's purchases and sales in list order: the search reads the matching users' sales
    // from these, newest first, stopping at the page.
    index('marketplace_orders_buyer_created_at_id_idx').on(t.buyerId, t.createdAt, t.id),
    index('marketplace_orders_seller_created_at_id_idx').on(t.sellerId, t.createdAt, t.id),
    index('marketplace_orders_item_name_trgm_idx').using('gin', t.itemName.op('gin_trgm_ops')),
    // A search of digits ("#123") also finds the gift number: one branch of the search's union.
    index('marketplace_orders_gift_number_idx').on(t.giftNumber),
  ],
);

/**
 * Sales per item name stem, kept by triggers (migration list_searches): item names are gift
 * slugs, so the stem (`gift_name_stem`, the name without its trailing `-<digits>`, as in
 * inventoryNameCounts) leaves about one row per collection. A search without `-` or digits
 * counts the sales whose name matches as the sum over the matching stems. A statement adds to
 * the slot of its connection (`pg_backend_pid() % 8`); a stem's count is the sum of its slots.
 */
export const marketplaceOrderNameCounts = pgTable(
  'marketplace_order_name_counts',
  {
    itemNameStem: text('item_name_stem').notNull(),
    slot: smallint('slot').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('marketplace_order_name_counts_key').on(t.itemNameStem, t.slot),
    // For names that are not slugs (one stem per sale). Without the pending list (fastupdate), as inventory_name_counts' indexes.
    index('marketplace_order_name_counts_stem_trgm_idx')
      .using('gin', t.itemNameStem.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
