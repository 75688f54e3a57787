import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE, type Task } from '@manager/contract';
import { http, isApiError, queryKeys, serverMessage } from '@manager/platform';

/** PUT /tasks/:id with the task's fields as JSON and the status inverted (spec section 7). */
export async function toggleTask(task: Task): Promise<boolean> {
  const next = !task.status;
  const payload = {
    category: task.category,
    titleEn: task.titleEn,
    titleRu: task.titleRu,
    rewardCurrency: task.rewardCurrency,
    rewardAmount: task.rewardAmount,
    link: task.link ?? '',
    isTelegramFollow: task.isTelegramFollow,
    telegramChatId: task.telegramChatId ?? '',
    status: next,
  };
  let body;
  try {
    body = await http.put(`/tasks/${task.id}`, payload);
  } catch (error) {
    if (isApiError(error) && error.status === undefined) throw new Error('Network error occurred while updating task status', { cause: error });
    const message = (isApiError(error) && serverMessage(error.data)) || (error instanceof Error && error.message) || 'Unknown error';
    throw new Error(`Failed to update task status: ${message}`, { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(`Failed to update task status: ${serverMessage(body) ?? 'Unknown error'}`);
  return next;
}

export function useToggleTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleTask,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks.all() }),
  });
}
