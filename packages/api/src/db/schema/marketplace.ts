import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
    index('marketplace_orders_buyer_idx').on(t.buyerId),
    index('marketplace_orders_seller_idx').on(t.sellerId),
    index('marketplace_orders_item_name_trgm_idx').using('gin', t.itemName.op('gin_trgm_ops')),
    // A search of digits ("#123") also finds the gift number: one branch of the search's union.
    index('marketplace_orders_gift_number_idx').on(t.giftNumber),
  ],
);
