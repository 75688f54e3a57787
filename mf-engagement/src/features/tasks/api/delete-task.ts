import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkedCall, http, queryKeys } from '@manager/platform';
import { TASK_FAILURES } from './task-failures';

/** DELETE /tasks/:id (after the confirmation). */
export const deleteTask = (id: number) => checkedCall(() => http.delete(`/tasks/${id}`), TASK_FAILURES.delete);

export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks.all() }),
  });
}
