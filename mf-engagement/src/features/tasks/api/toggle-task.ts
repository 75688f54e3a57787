import type { Task } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { TASK_FAILURES as FAILURES } from './messages';
import { keys } from '../../../query-keys';

/** PUT /tasks/:id with the task's fields as JSON and the status inverted. Resolves the new status. */
async function toggleTask(task: Task): Promise<boolean> {
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
  await checkedCall(() => http.put(`/tasks/${task.id}`, payload), FAILURES.status);
  return next;
}

export const useToggleTask = () => useChange(toggleTask, keys.tasks.all());
