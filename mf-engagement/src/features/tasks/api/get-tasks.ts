import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type CallData, type Task, type TasksStats } from '@manager/contract';
import { fetchData, type ListAnswer, type ListQuery } from '@manager/platform';
import { keys } from '../../../query-keys';

/** The answer as the list shows it: the whole list (the provider's API) or one server page with the cards. */
export const toTaskAnswer = (data: CallData<typeof calls.tasks>): ListAnswer<Task, TasksStats> =>
  Array.isArray(data) ? data : { rows: data.tasks, total: data.pagination.totalTasks, stats: data.stats };

/** GET /tasks with the list's query; a failure shows the error state. */
const getTasks = (query: ListQuery) =>
  fetchData(calls.tasks, { params: query, error: 'Failed to load tasks' }).then(toTaskAnswer);

/** The previous answer stays on screen while the next page loads, so the table does not blink. */
export const useTasks = (query: ListQuery) =>
  useQuery({
    queryKey: keys.tasks.list(query),
    queryFn: () => getTasks(query),
    placeholderData: keepPreviousData,
  });
