import { Flex, Image, Tag, Typography } from '@manager/ui';
import type { ColumnsType } from '@manager/ui';
import type { Task } from '@manager/contract';
import { uploadUrl, useCan, useRowCalls } from '@manager/platform';
import { useRowsKeeping } from '@manager/platform/forms';
import { CurrencyIcon, onTableSort, ResponsiveTable, sortableColumn } from '@manager/ui';
import { useDeleteTask } from '../api/delete-task';
import { useUpdateTask, type TaskFormValues } from '../api/save-task';
import { useToggleTask } from '../api/toggle-task';
import { TaskForm } from './task-form';
import type { TaskListState } from '../hooks/use-task-list';
import { TaskRowActions } from './task-row-actions';

interface TaskTableProps {
  tasks: readonly Task[];
  /** The task edited in its row, as the list query holds it now (`useLiveRecord`); null: none. */
  editing: Task | null;
  onEdit: (id: number | null) => void;
  /** The list's sort: Reward and Completed sort by their headers (the API's keys). */
  sort: TaskListState['sort'];
  onSort: TaskListState['setSort'];
}

export function TaskTable({ tasks, editing, onEdit, sort, onSort }: TaskTableProps) {
  const editingId = editing?.id ?? null;
  const { busy, run } = useRowCalls<'toggle' | 'delete'>();
  const update = useUpdateTask();
  const toggle = useToggleTask();
  const remove = useDeleteTask();

  async function saveEdit(id: number, values: TaskFormValues, photo: File | null) {
    const saved = await run(async () => {
      await update.mutateAsync({ id, values, photo });
      return 'Task updated successfully!';
    });
    if (saved) onEdit(null);
    return saved;
  }
  const onToggle = (task: Task) =>
    run(
      async () =>
        (await toggle.mutateAsync(task)) ? 'Task enabled successfully!' : 'Task disabled successfully!',
      { id: task.id, kind: 'toggle' },
    );
  const onDelete = async (task: Task) => {
    await run(
      async () => {
        await remove.mutateAsync(task.id);
        return 'Task deleted successfully!';
      },
      { id: task.id, kind: 'delete' },
    );
  };

  // The row being edited becomes one cell spanning every column: the form replaces the row.
  const spanIfEditing = (first: boolean) => (task: Task) =>
    task.id === editingId ? { colSpan: first ? 6 : 0 } : {};
  // Edit, switch and delete only for an admin who may (tasks.manage); the API refuses the rest.
  const canManage = useCan('tasks.manage');
  const columns: ColumnsType<Task> = [
    {
      title: 'Task',
      key: 'task',
      onCell: spanIfEditing(true),
      render: (_, task) =>
        task.id === editingId ? (
          <TaskForm
            name={`editTask${task.id}`}
            task={editing ?? task}
            submitLabel="Update Task"
            busyLabel="Updating..."
            busy={update.isPending}
            onSubmit={(v, p) => saveEdit(task.id, v, p)}
            onCancel={() => onEdit(null)}
          />
        ) : (
          <Flex gap={10} align="center">
            {task.photoUrl ? (
              <Image
                src={uploadUrl(task.photoUrl)!}
                alt={task.titleEn}
                width={40}
                height={40}
                style={{ objectFit: 'cover', borderRadius: 6 }}
                preview={false}
              />
            ) : (
              <div style={{ width: 40, height: 40, borderRadius: 6, background: '#f0f0f0' }} aria-hidden />
            )}
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong>{task.titleEn}</Typography.Text>
              <Typography.Text type="secondary">{task.titleRu}</Typography.Text>
            </Flex>
          </Flex>
        ),
    },
    { title: 'Category', dataIndex: 'category', onCell: spanIfEditing(false) },
    {
      title: 'Reward',
      key: 'rewardAmount',
      ...sortableColumn('rewardAmount', sort),
      onCell: spanIfEditing(false),
      render: (_, t) => (
        <Flex gap={4} align="center">
          {t.rewardAmount} <CurrencyIcon currency={t.rewardCurrency} withLabel />
        </Flex>
      ),
    },
    {
      title: 'Completed',
      key: 'completed',
      ...sortableColumn('completed', sort),
      onCell: spanIfEditing(false),
      render: (_, t) => `${t.completed} users`,
    },
    {
      title: 'Status',
      key: 'status',
      onCell: spanIfEditing(false),
      render: (_, t) => <Tag color={t.status ? 'green' : 'default'}>{t.status ? 'Active' : 'Inactive'}</Tag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      onCell: spanIfEditing(false),
      render: (_, t) => (
        <TaskRowActions
          task={t}
          toggling={busy[t.id] === 'toggle'}
          deleting={busy[t.id] === 'delete'}
          editLocked={editingId !== null}
          onEdit={() => onEdit(t.id)}
          onToggle={() => void onToggle(t)}
          onDelete={() => onDelete(t)}
        />
      ),
    },
  ];
  const rows = useRowsKeeping(tasks, editing);
  return (
    <ResponsiveTable<Task>
      // The edited task keeps its row (and the form) when a change moves it off this page.
      rows={rows}
      columns={canManage ? columns : columns.filter((c) => c.key !== 'actions')}
      rowKey="id"
      cardLabel={(t) => t.titleEn}
      tableProps={{ size: 'middle', onChange: onTableSort(onSort as (sort: string | undefined) => void) }}
    />
  );
}
