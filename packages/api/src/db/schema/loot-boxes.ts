import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, units } from './columns';

/** One weighted reward; `chance` is a fraction and a box's chances sum to 1 (within 0.001). */
export type LootBoxRewardJson = {
  id: number;
  type: 'TON' | 'STARS' | 'NFT' | 'NFT_FAKE' | 'GIFT' | 'SHOP';
  amount: number;
  chance: number;
  starsValue: number;
  showInModal: boolean;
  giftData?: Record<string, unknown> | null;
};

export const lootBoxes = pgTable(
  'loot_boxes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Cost in Stars. */
    amount: units('amount').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    rewards: jsonb('rewards').$type<LootBoxRewardJson[]>().notNull(),
    createdAt: createdAt(),
  },
  // The list's default order, newest first (read backwards).
  (t) => [index('loot_boxes_created_at_id_idx').on(t.createdAt, t.id)],
);
