import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@manager/contract';
import { checkedCall, http, queryKeys } from '@manager/platform';
import { TASK_FAILURES } from './task-failures';

/** PUT /tasks/:id with the task's fields as JSON and the status inverted. Resolves the new status. */
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
  await checkedCall(() => http.put(`/tasks/${task.id}`, payload), TASK_FAILURES.status);
  return next;
}

export function useToggleTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleTask,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks.all() }),
  });
}
