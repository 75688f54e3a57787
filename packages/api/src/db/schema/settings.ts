import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/** Global settings: exactly one row, id 1 (the check keeps it single). */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    technicalMode: boolean('technical_mode').notNull().default(false),
    /** Conversion rates from PLAY. */
    playToStars: numeric('play_to_stars', { precision: 20, scale: 9 }).notNull().default('0'),
    playToRedChip: numeric('play_to_red_chip', { precision: 20, scale: 9 }).notNull().default('0'),
    bannerOneImageUrl: text('banner_one_image_url').notNull().default(''),
    /** Redirect action, one of REDIRECT_ACTIONS. */
    bannerOneUrl: text('banner_one_url').notNull().default('close'),
    bannerOneStatus: boolean('banner_one_status').notNull().default(false),
    bannerTwoImageUrl: text('banner_two_image_url').notNull().default(''),
    bannerTwoUrl: text('banner_two_url').notNull().default('close'),
    bannerTwoStatus: boolean('banner_two_status').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 1`)],
);
