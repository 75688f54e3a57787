import { useQuery } from '@tanstack/react-query';
import { calls, type Task } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

/** GET /tasks: every task (filtered and paged on the client); a failure shows the error state. */
const getTasks = (): Promise<Task[]> => fetchData(calls.tasks, { error: 'Failed to load tasks' });

export const useTasks = () => useQuery({ queryKey: queryKeys.tasks.list(), queryFn: getTasks });
