import { boolean, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { userRef } from './users';

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    category: text('category', { enum: ['Partners', 'In Game'] }).notNull(),
    /** Relative path under the uploads base ('' when none). */
    photoUrl: text('photo_url').notNull().default(''),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    rewardCurrency: text('reward_currency', { enum: ['TON', 'RED_CHIP', 'STAR', 'PLAY'] })
      .notNull()
      .default('TON'),
    rewardAmount: numeric('reward_amount', { precision: 20, scale: 9 }).notNull().default('0'),
    link: text('link'),
    isTelegramFollow: boolean('is_telegram_follow').notNull().default(false),
    telegramChatId: text('telegram_chat_id'),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
  },
  // The list's default order, newest first (read backwards).
  (t) => [index('tasks_created_at_id_idx').on(t.createdAt, t.id)],
);

/** One row per user and task; a task's `completed` is the count of its rows. */
export const taskCompletions = pgTable(
  'task_completions',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    telegramId: userRef('telegram_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.telegramId] }),
    index('task_completions_telegram_id_idx').on(t.telegramId),
  ],
);

/**
 * Completions per task, kept by triggers on task_completions (migration
 * payment_days_task_counts): a task's count is the sum of its slots, the completions card the
 * sum of every row. A statement adds to the slot of its connection (`pg_backend_pid() % 8`),
 * so players completing one task at once do not queue on one row; a deleted task's rows go
 * with it (cascade), as its completions do.
 */
export const taskCompletionCounts = pgTable(
  'task_completion_counts',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    completions: integer('completions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.slot] })],
);

export type TaskRow = typeof tasks.$inferSelect;
