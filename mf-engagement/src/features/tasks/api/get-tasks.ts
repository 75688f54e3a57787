import { useQuery } from '@tanstack/react-query';
import { tasksResponseSchema, type Task } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

/** GET /tasks: every task (filtered and paged on the client). */
export async function getTasks(): Promise<Task[]> {
  const body = await http.get('/tasks');
  return tasksResponseSchema.parse(body.data);
}

/** The list's query: `useTasks` and the route's `prefetch` (routes.tsx) share it. */
export const tasksQuery = () => ({ queryKey: queryKeys.tasks.list(), queryFn: getTasks });

export const useTasks = () => useQuery(tasksQuery());
