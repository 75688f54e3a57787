import { Button, Flex, Popconfirm } from '@manager/ui';
import type { Task } from '@manager/contract';

interface TaskRowActionsProps {
  task: Task;
  toggling: boolean;
  deleting: boolean;
  /** Another row is being edited: one row in edit mode at a time. */
  editLocked: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => Promise<void>;
}

/** Edit, Enable/Disable and Delete (after confirmation), each disabled while the row is busy. */
export function TaskRowActions({
  task,
  toggling,
  deleting,
  editLocked,
  onEdit,
  onToggle,
  onDelete,
}: TaskRowActionsProps) {
  const busy = toggling || deleting;
  return (
    <Flex gap={6} wrap>
      <Button size="small" onClick={onEdit} disabled={busy || editLocked} aria-label={`Edit ${task.titleEn}`}>
        Edit
      </Button>
      <Button
        size="small"
        onClick={onToggle}
        loading={toggling}
        disabled={busy}
        aria-label={`${task.status ? 'Disable' : 'Enable'} ${task.titleEn}`}
      >
        {task.status ? 'Disable' : 'Enable'}
      </Button>
      <Popconfirm
        title={`Are you sure you want to delete "${task.titleEn}"?`}
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button size="small" danger loading={deleting} disabled={busy} aria-label={`Delete ${task.titleEn}`}>
          Delete
        </Button>
      </Popconfirm>
    </Flex>
  );
}
