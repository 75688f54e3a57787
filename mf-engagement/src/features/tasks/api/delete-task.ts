import { checkedCall, http, useChange } from '@manager/platform';
import { TASK_FAILURES as FAILURES } from './messages';
import { keys } from '../../../query-keys';

/** DELETE /tasks/:id (after the confirmation). */
export const deleteTask = (id: number) => checkedCall(() => http.delete(`/tasks/${id}`), FAILURES.delete);

export const useDeleteTask = () => useChange(deleteTask, keys.tasks.all());
