import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, telegramId, ton, tstz } from './columns';

export const MAILING_STATUSES = ['waiting', 'running', 'done', 'failed'] as const;

export const mailings = pgTable(
  'mailings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    message: text('message').notNull(),
    buttonText: text('button_text').notNull(),
    buttonLink: text('button_link').notNull(),
    /** Relative upload path or '' (no image). */
    mediaLink: text('media_link').notNull().default(''),
    /** Players it goes to: counted at Start, the players reached once done. */
    recipients: integer('recipients').notNull().default(0),
    status: text('status', { enum: MAILING_STATUSES }).notNull().default('waiting'),
    /** Messages sent, and recipients the bot refused (blocked, deleted account), so far. */
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /**
     * The last Telegram id handed to the bot: delivery goes on after it (players in id order),
     * moved in the transaction that records the batch (mailing/delivery-job.ts).
     */
    deliveredThrough: telegramId('delivered_through'),
    createdAt: createdAt(),
  },
  // The list's default order, newest first (read backwards).
  (t) => [index('mailings_created_at_id_idx').on(t.createdAt, t.id)],
);

/**
 * One row per player a mailing was handed to the bot for, written in the batch's transaction:
 * the key makes a second hand-over of the same player impossible, whichever job or instance
 * tries it. `error`: the bot's refusal for that player; null when sent.
 */
export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    telegramId: telegramId('telegram_id').notNull(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.mailingId, t.telegramId] })],
);

export const tournaments = pgTable(
  'tournaments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tournamentsDate: tstz('tournaments_date'),
    tournamentsLink: text('tournaments_link').notNull().default(''),
    tournamentsImage: text('tournaments_image').notNull().default(''),
    createdAt: createdAt(),
  },
  // The list's default order: dated ones latest first, undated last.
  (t) => [
    index('tournaments_date_id_idx').on(t.tournamentsDate.desc().nullsLast(), t.id.desc().nullsFirst()),
  ],
);

export type GiveawayGiftJson = {
  id: number;
  name: string;
  baseName: string | null;
  price: number;
  modelThumbUrl: string | null;
};
type GiveawayWinnerJson = { winnerId: string; username: string | null; giftName: string };

export const giveaways = pgTable(
  'giveaways',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    previewImageUrl: text('preview_image_url').notNull().default(''),
    expiredDate: tstz('expired_date').notNull(),
    gifts: jsonb('gifts').$type<GiveawayGiftJson[]>().notNull().default([]),
    isFree: boolean('is_free').notNull().default(true),
    ticketPriceTon: ton('ticket_price_ton').notNull().default('0'),
    ticketPriceStars: ton('ticket_price_stars').notNull().default('0'),
    /** Ticket number -> holder's Telegram id (as text). */
    tickets: jsonb('tickets').$type<Record<string, string>>().notNull().default({}),
    status: boolean('status').notNull().default(true),
    winners: jsonb('winners').$type<GiveawayWinnerJson[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  // The list's default order, latest expiry first (read backwards).
  (t) => [index('giveaways_expired_date_id_idx').on(t.expiredDate, t.id)],
);
