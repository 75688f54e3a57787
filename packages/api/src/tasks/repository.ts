import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateTaskFields,
  Task,
  TasksStats,
  tasksQuerySchema,
  UpdateTaskFields,
} from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db, DbOrTx } from '../db/client';
import { qualified } from '../db/qualified';
import { taskCompletionCounts, tasks, type TaskRow } from '../db/schema/index';
import { countAll, countIf, isPaged, orderOf, pageOf, paginationOf } from '../lib/lists';
import { decimalsDiffer, type ConfirmChange } from '../lib/money-changes';
import { containsAny } from '../lib/search';

type TasksQuery = z.output<typeof tasksQuerySchema>;

/**
 * A task's completions, the sum of its slots in task_completion_counts (kept by triggers on
 * task_completions): a page reads a few rows per task, and a sort by it the same per task.
 */
const completedOf = sql<number>`(select coalesce(sum(${taskCompletionCounts.completions}), 0)::int from ${taskCompletionCounts} where ${qualified(taskCompletionCounts.taskId)} = ${qualified(tasks.id)})`;

function toTask(row: TaskRow, completed: number): Task {
  const photo = row.photoUrl || null;
  return {
    id: row.id,
    category: row.category,
    photo,
    photoUrl: photo,
    titleEn: row.titleEn,
    titleRu: row.titleRu,
    rewardCurrency: row.rewardCurrency,
    rewardAmount: Number(row.rewardAmount),
    link: row.link,
    isTelegramFollow: row.isTelegramFollow,
    telegramChatId: row.telegramChatId,
    status: row.status,
    completed: Number(completed),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Titles (English or Russian) containing the text; category and status as the filters say. */
function tasksWhere(q: TasksQuery): SQL | undefined {
  return and(
    q.search ? containsAny([tasks.titleEn, tasks.titleRu], q.search) : undefined,
    q.category ? eq(tasks.category, q.category) : undefined,
    q.status ? eq(tasks.status, q.status === 'active') : undefined,
  );
}

/** The cards over every task, whatever the filters: tasks, active, inactive, completions (kept per task; a deleted task's go with it). */
async function tasksStats(db: DbOrTx): Promise<TasksStats> {
  const [[row], [done]] = await Promise.all([
    db.select({ total: countAll, active: countIf(sql`${tasks.status}`) }).from(tasks),
    db
      .select({ n: sql<string>`coalesce(sum(${taskCompletionCounts.completions}), 0)` })
      .from(taskCompletionCounts),
  ]);
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  return { total, active, inactive: total - active, completions: Number(done?.n ?? 0) };
}

/** `GET /tasks`: newest first by default (`tasks_created_at_id_idx`), each with its completion count. */
export async function listTasks(db: DbOrTx, q: TasksQuery) {
  const where = tasksWhere(q);
  const order = orderOf(
    q.sort,
    { createdAt: tasks.createdAt, rewardAmount: tasks.rewardAmount, completed: completedOf },
    tasks.id,
    [desc(tasks.createdAt), desc(tasks.id)],
  );
  const select = db
    .select({ task: tasks, completed: completedOf })
    .from(tasks)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const toRows = (rows: Array<{ task: TaskRow; completed: number }>) =>
    rows.map((r) => toTask(r.task, r.completed));
  if (!isPaged(q)) return toRows(await select);
  const [rows, [counted], stats] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(tasks).where(where),
    tasksStats(db),
  ]);
  const total = Number(counted?.n ?? 0);
  return { tasks: toRows(rows), pagination: paginationOf(q, total, 'totalTasks'), stats };
}

async function completedCount(db: DbOrTx, taskId: number): Promise<number> {
  const [row] = await db.select({ n: completedOf }).from(tasks).where(eq(tasks.id, taskId));
  return Number(row?.n ?? 0);
}

const audit = (adminId: number, verb: 'create' | 'update' | 'delete'): AuditedWrite => ({
  adminId,
  action: `task.${verb}` as const,
  entity: 'task',
  missing: 'Task not found',
});

/** `photoUrl`: the stored image name, '' for none. */
export async function createTask(
  db: Db,
  adminId: number,
  body: CreateTaskFields,
  photoUrl: string,
): Promise<Task> {
  const row = await insertAudited(
    db,
    tasks,
    () => ({ ...body, rewardAmount: String(body.rewardAmount), link: body.link ?? null, photoUrl }),
    audit(adminId, 'create'),
  );
  return toTask(row, 0);
}

/**
 * An absent status or photo keeps the stored one. A save that changes the reward (amount or
 * currency) runs `confirm` (the step-up) first, against the locked row; one that keeps it (a
 * title, the link, the status toggle) needs none.
 */
export async function updateTask(
  db: Db,
  adminId: number,
  id: number,
  body: UpdateTaskFields,
  photoUrl: string | undefined,
  confirm: ConfirmChange,
): Promise<Task> {
  const row = await updateAudited(
    db,
    tasks,
    id,
    async (before, tx) => {
      if (
        before.rewardCurrency !== body.rewardCurrency ||
        (await decimalsDiffer(tx, [[before.rewardAmount, body.rewardAmount]]))
      )
        await confirm(tx);
      return {
        ...body,
        rewardAmount: String(body.rewardAmount),
        link: body.link ?? null,
        status: body.status ?? before.status,
        ...(photoUrl ? { photoUrl } : {}),
      };
    },
    audit(adminId, 'update'),
  );
  return toTask(row, await completedCount(db, id));
}

export const deleteTask = (db: Db, adminId: number, id: number) =>
  deleteAudited(db, tasks, id, audit(adminId, 'delete'));
