import { numberToDecimalText } from '@manager/contract';
import type { Task } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { TASK_FAILURES as FAILURES } from './messages';
import { keys } from '../../../query-keys';

export interface TaskFormValues {
  category: Task['category'];
  titleEn: string;
  titleRu: string;
  rewardCurrency: Task['rewardCurrency'];
  rewardAmount: number;
  link?: string | null;
  isTelegramFollow: boolean;
  telegramChatId?: string | null;
  status?: boolean;
}

function toFormData(values: TaskFormValues, photo: File | null): FormData {
  const data = new FormData();
  if (photo) data.append('photo', photo);
  data.append('category', values.category);
  data.append('titleEn', values.titleEn.trim());
  data.append('titleRu', values.titleRu.trim());
  data.append('rewardCurrency', values.rewardCurrency);
  data.append('rewardAmount', numberToDecimalText(values.rewardAmount));
  data.append('link', values.link?.trim() ?? '');
  data.append('isTelegramFollow', String(values.isTelegramFollow));
  // The chat handle only means something for a Telegram-follow task.
  data.append('telegramChatId', values.isTelegramFollow ? (values.telegramChatId?.trim() ?? '') : '');
  if (values.status !== undefined) data.append('status', String(values.status));
  return data;
}

/** POST /tasks (multipart). */
export const createTask = (values: TaskFormValues, photo: File | null) =>
  checkedCall(() => http.post('/tasks', toFormData(values, photo)), FAILURES.add);

/** PUT /tasks/:id (multipart; photo only when replaced). */
export const updateTask = (id: number, values: TaskFormValues, photo: File | null) =>
  checkedCall(() => http.put(`/tasks/${id}`, toFormData(values, photo)), FAILURES.update);

export const useCreateTask = () =>
  useChange(
    ({ values, photo }: { values: TaskFormValues; photo: File | null }) => createTask(values, photo),
    keys.tasks.all(),
  );

export const useUpdateTask = () =>
  useChange(
    ({ id, values, photo }: { id: number; values: TaskFormValues; photo: File | null }) =>
      updateTask(id, values, photo),
    keys.tasks.all(),
  );
