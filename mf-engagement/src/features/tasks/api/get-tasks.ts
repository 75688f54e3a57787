import { useQuery } from '@tanstack/react-query';
import { tasksResponseSchema, type Task } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

/** GET /tasks: every task (filtered and paged on the client). */
export async function getTasks(): Promise<Task[]> {
  const body = await http.get('/tasks');
  return tasksResponseSchema.parse(body.data);
}

export const useTasks = () => useQuery({ queryKey: queryKeys.tasks.list(), queryFn: getTasks });
