import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, queryKeys } from '@manager/platform';
import { expectSuccess, taskError } from './task-outcome';

/** DELETE /tasks/:id (after the confirmation). */
export async function deleteTask(id: number) {
  let body;
  try {
    body = await http.delete(`/tasks/${id}`);
  } catch (error) {
    throw taskError('delete', error);
  }
  expectSuccess('delete', body);
}

export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks.all() }),
  });
}
