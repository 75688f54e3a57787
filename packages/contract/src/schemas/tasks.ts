import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES, TASK_CATEGORIES } from '../constants.ts';
import {
  currencySchema,
  formBoolean,
  formMoney,
  httpUrl,
  isoDate,
  paginationOf,
  queryEnum,
  sortParam,
  text,
  wholeOrPageQuery,
} from './common.ts';

const taskCategorySchema = z.enum(TASK_CATEGORIES);

const taskSchema = z.object({
  id: z.number().int(),
  category: taskCategorySchema,
  /** Stored file name; `photoUrl` is what the browser loads. */
  photo: z.string().nullable(),
  photoUrl: z.string().nullable(),
  titleEn: z.string(),
  titleRu: z.string(),
  rewardCurrency: currencySchema,
  rewardAmount: z.coerce.number(),
  link: z.string().nullable(),
  isTelegramFollow: z.boolean(),
  telegramChatId: z.string().nullable(),
  status: z.boolean(),
  /** Number of users who completed the task. */
  completed: z.number().int().min(0),
  createdAt: isoDate.optional(),
});
export type Task = z.infer<typeof taskSchema>;

/* GET /tasks?page&limit=10&search&category&status&sort (docs/api.md#lists) */
export const TASK_SORTS = ['createdAt', 'rewardAmount', 'completed'] as const;
/** `search`: titles (English or Russian) containing the text. */
export const tasksQuerySchema = wholeOrPageQuery(PAGE_SIZES.TASKS, MAX_PAGE_LIMIT).extend({
  category: queryEnum(TASK_CATEGORIES),
  status: queryEnum(['active', 'inactive']),
  /** Default `-createdAt` (newest first). */
  sort: sortParam(TASK_SORTS),
});
export type TasksQuery = z.input<typeof tasksQuerySchema>;
/** The cards, over every task (not the filtered set): tasks, active, inactive, completions (sum of `completed`). */
export const tasksStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  completions: z.number().int(),
});
export type TasksStats = z.infer<typeof tasksStatsSchema>;
export const tasksPageSchema = z.object({
  tasks: z.array(taskSchema),
  pagination: paginationOf('totalTasks'),
  stats: tasksStatsSchema,
});
export const tasksResponseSchema = z.union([z.array(taskSchema), tasksPageSchema]);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalUrl = z.preprocess(blankToNull, httpUrl.nullable().optional());

/**
 * Text fields of POST /tasks (multipart, `photo` is the file) and of the JSON toggle payload.
 * A chat handle only counts when the Telegram-follow flag is on.
 */
const taskFieldsSchema = z.object({
  category: taskCategorySchema,
  titleEn: text.trim().min(1, 'titleEn is required').max(200),
  titleRu: text.trim().min(1, 'titleRu is required').max(200),
  rewardCurrency: currencySchema.default('TON'),
  rewardAmount: formMoney,
  link: optionalUrl,
  isTelegramFollow: formBoolean.default(false),
  telegramChatId: z.preprocess(blankToNull, text.trim().max(100).nullable().optional()),
});
const dropChatUnlessFollow = <T extends { isTelegramFollow: boolean; telegramChatId?: string | null }>(
  t: T,
): T => ({
  ...t,
  telegramChatId: t.isTelegramFollow ? (t.telegramChatId ?? null) : null,
});

export const createTaskBodySchema = taskFieldsSchema.transform(dropChatUnlessFollow);
export type CreateTaskFields = z.output<typeof createTaskBodySchema>;

/* PUT /tasks/:id: same fields plus status; photo optional (multipart or JSON toggle). */
export const updateTaskBodySchema = taskFieldsSchema
  .extend({ status: formBoolean.optional() })
  .transform(dropChatUnlessFollow);
export type UpdateTaskFields = z.output<typeof updateTaskBodySchema>;

export const taskResponseSchema = taskSchema;
