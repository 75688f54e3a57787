import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import { describe, expect, it } from 'vitest';
import { qualified } from '../../src/db/qualified';
import { taskCompletionCounts, tasks } from '../../src/db/schema/index';

/** Rendering only: a proxy driver that is never called. */
const db = drizzle(async () => ({ rows: [] }));

describe('qualified', () => {
  it('names the table even in the select list of a one-table query, where drizzle writes columns bare', () => {
    const bare = db
      .select({
        n: sql`(select 1 from ${taskCompletionCounts} where ${taskCompletionCounts.taskId} = ${tasks.id})`,
      })
      .from(tasks)
      .toSQL().sql;
    expect(bare).toContain('"task_id" = "id"');
    const named = db
      .select({
        n: sql`(select 1 from ${taskCompletionCounts} where ${qualified(taskCompletionCounts.taskId)} = ${qualified(tasks.id)})`,
      })
      .from(tasks)
      .toSQL().sql;
    expect(named).toContain('"task_completion_counts"."task_id" = "tasks"."id"');
  });
});
