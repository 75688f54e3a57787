import { Drawer } from '@manager/ui';
import { toast } from '@manager/platform';
import { useCreateTask, type TaskFormValues } from '../api/save-task';
import { TaskForm } from './task-form';

/** Side panel Add New Task. */
export function AddTaskDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTask();
  async function submit(values: TaskFormValues, photo: File | null) {
    try {
      await create.mutateAsync({ values, photo });
      toast.success('Task added successfully!');
      onClose();
      return true;
    } catch (error) {
      toast.error((error as Error).message);
      return false;
    }
  }
  return (
    <Drawer title="Add New Task" open={open} onClose={onClose} size="min(520px, 100vw)" destroyOnHidden>
      <TaskForm name="addTask" submitLabel="Add Task" busyLabel="Adding..." busy={create.isPending} onSubmit={submit} />
    </Drawer>
  );
}
