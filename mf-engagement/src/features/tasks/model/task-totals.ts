import type { Task, TasksStats } from '@manager/contract';

/** The four cards: totals over every task, not just the filtered ones. */
export function taskTotals(tasks: readonly Task[]): TasksStats {
  const active = tasks.filter((t) => t.status).length;
  return {
    total: tasks.length,
    active,
    inactive: tasks.length - active,
    completions: tasks.reduce((s, t) => s + t.completed, 0),
  };
}
