import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ton } from './columns';
import { userRef } from './users';

const SHOP_ITEM_TYPES = ['BACKGROUND', 'FRAME', 'NICKNAME', 'NOOB_PACK', 'CUSTOM_AVATAR'] as const;
const CURRENCY_CODES = ['TON', 'RED_CHIP', 'STAR', 'PLAY'] as const;

export const shopItems = pgTable(
  'shop_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionRu: text('description_ru').notNull(),
    /** Relative paths under the uploads base ('' when none). */
    photoUrl: text('photo_url').notNull().default(''),
    thumbUrl: text('thumb_url').notNull().default(''),
    type: text('type', { enum: SHOP_ITEM_TYPES }).notNull(),
    /** In `currency`; exact decimal so TON prices keep their fraction. */
    price: ton('price').notNull(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    status: boolean('status').notNull().default(true),
    /** Number of orders of this item; the seed keeps it equal to its shop_orders count. */
    sold: integer('sold').notNull().default(0),
    /** JSON list of bundled shop item ids, NOOB_PACK only (spec: stored as JSON text). */
    bundleItems: text('bundle_items'),
    createdAt: createdAt(),
  },
  // The list's default order, newest first (read backwards).
  (t) => [index('shop_items_created_at_id_idx').on(t.createdAt, t.id)],
);

export const shopOrders = pgTable(
  'shop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    telegramId: userRef('telegram_id').notNull(),
    /** Null once the item is deleted: orders are sales history and are never removed. */
    shopItemId: integer('shop_item_id').references(() => shopItems.id, { onDelete: 'set null' }),
    isBundle: boolean('is_bundle').notNull().default(false),
    price: ton('price').notNull(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's default order, newest first (read backwards); ties by id, so pages never overlap.
    index('shop_orders_created_at_id_idx').on(t.createdAt, t.id),
    // A currency filter's pages in that order; price and shop_item_id as trailing keys let the
    // revenue of a partial first day (a type filter included) read the index alone.
    index('shop_orders_currency_created_at_id_idx').on(t.currency, t.createdAt, t.id, t.price, t.shopItemId),
    index('shop_orders_telegram_id_idx').on(t.telegramId),
    index('shop_orders_shop_item_id_idx').on(t.shopItemId),
  ],
);

/**
 * Orders and their price sum per UTC day, currency and item, kept by triggers on shop_orders
 * (migration shop_order_days): the orders page's revenue cards and total read these rows
 * instead of every order. `shop_item_id` is the order's own (null once the item is deleted),
 * so a type filter joins shop_items at read time exactly as it does on the orders. A writing
 * statement adds to the slot of its connection (`pg_backend_pid() % 8`); a key's totals are
 * the sum of its slots.
 */
export const shopOrderDays = pgTable(
  'shop_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    shopItemId: integer('shop_item_id'),
    slot: smallint('slot').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    price: numeric('price').notNull().default('0'),
  },
  // Nulls not distinct: the orders of deleted items share one row per day, currency and slot.
  (t) => [unique('shop_order_days_key').on(t.day, t.currency, t.shopItemId, t.slot).nullsNotDistinct()],
);
