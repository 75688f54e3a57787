/**
 * What a failed task change says (docs/screens.md#tasks): `failed` + the reason when the
 * server answered, `network` when no answer came.
 */
export const TASK_FAILURES = {
  add: { failed: 'Failed to add task: ', network: 'Network error occurred while adding task' },
  update: { failed: 'Failed to update task: ', network: 'Network error occurred while updating task' },
  delete: { failed: 'Failed to delete task: ', network: 'Network error occurred while deleting task' },
  status: {
    failed: 'Failed to update task status: ',
    network: 'Network error occurred while updating task status',
  },
};
