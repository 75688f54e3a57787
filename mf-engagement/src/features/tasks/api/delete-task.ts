import { checkedCall, http, queryKeys, useChange } from '@manager/platform';
import { TASK_FAILURES as FAILURES } from './messages';

/** DELETE /tasks/:id (after the confirmation). */
export const deleteTask = (id: number) => checkedCall(() => http.delete(`/tasks/${id}`), FAILURES.delete);

export const useDeleteTask = () => useChange(deleteTask, queryKeys.tasks.all());
