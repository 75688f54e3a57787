import { PAGE_SIZES, TASK_CATEGORIES, TASK_SORTS, type Task, type TasksStats } from '@manager/contract';
import { useListState, useListView, type ClientRules, type ListState } from '@manager/platform';
import { useTasks } from '../api/get-tasks';
import { taskTotals } from '../model/task-totals';

/** Search `q`, `category`, `status`, `sort` and `page` in the URL; 10 a page (docs/screens.md#tasks). */
export const TASK_LIST = {
  pageSize: PAGE_SIZES.TASKS,
  filters: { category: ['all', ...TASK_CATEGORIES], status: ['all', 'active', 'inactive'] },
  sorts: TASK_SORTS,
} as const;
type TaskSort = (typeof TASK_SORTS)[number];
export type TaskListState = ListState<keyof typeof TASK_LIST.filters, TaskSort>;

const byKey: Record<TaskSort, (t: Task) => number> = {
  // A task without a creation time sorts as the oldest; the id keeps creation order among equals.
  createdAt: (t) => (t.createdAt ? Date.parse(t.createdAt) : 0),
  rewardAmount: (t) => t.rewardAmount,
  completed: (t) => t.completed,
};

/**
 * What the API does when it pages, done here for an API that answers every task: either title
 * contains the search, category and status as chosen, the sort's order (ties: newest id first),
 * the cards over every task.
 */
export function taskRules(
  list: Pick<TaskListState, 'settledSearch' | 'filters'>,
): ClientRules<Task, TasksStats> {
  const q = list.settledSearch.toLowerCase();
  const { category, status } = list.filters;
  return {
    match: (t) =>
      (category === 'all' || t.category === category) &&
      (status === 'all' || t.status === (status === 'active')) &&
      (!q || t.titleEn.toLowerCase().includes(q) || t.titleRu.toLowerCase().includes(q)),
    compare: (sort) => {
      const desc = sort.startsWith('-');
      const key = byKey[sort.replace(/^-/, '') as TaskSort];
      return key && ((a, b) => (desc ? key(b) - key(a) : key(a) - key(b)) || b.id - a.id);
    },
    stats: (all) => taskTotals(all),
  };
}

/** The tasks list: its state in the URL, the call for it and the rows, total and cards it shows. */
export function useTaskList() {
  const list = useListState(TASK_LIST);
  const tasks = useTasks(list.query);
  const view = useListView(list, tasks.data, { ...taskRules(list), stale: tasks.isPlaceholderData });
  return { list, tasks, view };
}
