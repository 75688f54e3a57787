import { desc, eq, sql } from 'drizzle-orm';
import type { CreateTaskFields, Task, UpdateTaskFields } from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db, DbOrTx } from '../db/client';
import { taskCompletions, tasks, type TaskRow } from '../db/schema/index';

/** Completions per task in one grouped subquery (primary key index), never one count per row. */
function completionCounts(db: DbOrTx) {
  return db
    .select({ taskId: taskCompletions.taskId, n: sql<number>`count(*)::int`.as('n') })
    .from(taskCompletions)
    .groupBy(taskCompletions.taskId)
    .as('completion_counts');
}

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

/** Every task, newest first, with its completion count. */
export async function listTasks(db: DbOrTx): Promise<Task[]> {
  const counts = completionCounts(db);
  const rows = await db
    .select({ task: tasks, completed: sql<number>`coalesce(${counts.n}, 0)` })
    .from(tasks)
    .leftJoin(counts, eq(counts.taskId, tasks.id))
    .orderBy(desc(tasks.createdAt), desc(tasks.id));
  return rows.map((r) => toTask(r.task, r.completed));
}

async function completedCount(db: DbOrTx, taskId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(taskCompletions).where(eq(taskCompletions.taskId, taskId));
  return Number(row?.n ?? 0);
}

const audit = (adminId: number, verb: 'create' | 'update' | 'delete'): AuditedWrite => ({ adminId, action: `task.${verb}` as const, entity: 'task', missing: 'Task not found' });

/** `photoUrl`: the stored image name, '' for none. */
export async function createTask(db: Db, adminId: number, body: CreateTaskFields, photoUrl: string): Promise<Task> {
  const row = await insertAudited(db, tasks, () => ({ ...body, rewardAmount: String(body.rewardAmount), link: body.link ?? null, photoUrl }), audit(adminId, 'create'));
  return toTask(row, 0);
}

/** An absent status or photo keeps the stored one. */
export async function updateTask(db: Db, adminId: number, id: number, body: UpdateTaskFields, photoUrl: string | undefined): Promise<Task> {
  const row = await updateAudited(
    db,
    tasks,
    id,
    (before) => ({
      ...body,
      rewardAmount: String(body.rewardAmount),
      link: body.link ?? null,
      status: body.status ?? before.status,
      ...(photoUrl ? { photoUrl } : {}),
    }),
    audit(adminId, 'update'),
  );
  return toTask(row, await completedCount(db, id));
}

export const deleteTask = (db: Db, adminId: number, id: number) => deleteAudited(db, tasks, id, audit(adminId, 'delete'));
