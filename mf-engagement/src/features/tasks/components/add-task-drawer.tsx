import { Drawer } from '@manager/ui';
import { useRowCalls } from '@manager/platform';
import { useCreateTask, type TaskFormValues } from '../api/save-task';
import { TaskForm } from './task-form';

/** Side panel Add New Task. */
export function AddTaskDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTask();
  const { run } = useRowCalls();
  async function submit(values: TaskFormValues, photo: File | null) {
    const added = await run(async () => {
      await create.mutateAsync({ values, photo });
      return 'Task added successfully!';
    });
    if (added) onClose();
    return added;
  }
  return (
    <Drawer title="Add New Task" open={open} onClose={onClose} size="min(520px, 100vw)" destroyOnHidden>
      <TaskForm
        name="addTask"
        submitLabel="Add Task"
        busyLabel="Adding..."
        busy={create.isPending}
        onSubmit={submit}
      />
    </Drawer>
  );
}
