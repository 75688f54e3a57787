import { useState } from 'react';
import { Button, PlusOutlined } from '@manager/ui';
import { ErrorState, ListEmptyState, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { Can, listPager, useCan, useOpenedByAddress } from '@manager/platform';
import { useLiveRecord } from '@manager/platform/forms';
import { useTaskList } from '../hooks/use-task-list';
import { AddTaskDrawer } from './add-task-drawer';
import { TaskTable } from './task-table';
import { TaskToolbar } from './task-toolbar';

export default function TasksPage() {
  const { list, tasks, view } = useTaskList();
  const totals = view.stats ?? { total: 0, active: 0, inactive: 0, completions: 0 };
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The task edited inline, live from the list query; the table stays while it is open.
  const editing = useLiveRecord(editingId, tasks.data);
  const canManage = useCan('tasks.manage');
  // `New task` of the command palette opens `?new=task`; the address alone opens nothing the
  // admin may not do (docs/security.md, Roles and permissions).
  useOpenedByAddress('task', () => setAdding(canManage));

  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle="Manage and monitor task completion"
        extra={
          <Can permission="tasks.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add New Task
            </Button>
          </Can>
        }
      />
      <StatRow
        style={{ marginBottom: 16 }}
        cards={[
          { title: 'Total Tasks', value: totals.total, loading: tasks.isLoading },
          { title: 'Active', value: totals.active, color: '#389e0d', loading: tasks.isLoading },
          { title: 'Inactive', value: totals.inactive, color: '#8c8c8c', loading: tasks.isLoading },
          {
            title: 'Total Completions',
            value: totals.completions,
            color: '#1677ff',
            loading: tasks.isLoading,
          },
        ]}
      />
      <div style={{ marginBottom: 12 }}>
        <TaskToolbar list={list} />
      </div>
      {tasks.isLoading ? (
        <LoadingState />
      ) : tasks.isError && !editing ? (
        <ErrorState message="Failed to load tasks" onRetry={() => void tasks.refetch()} />
      ) : view.total === 0 && !editing ? (
        <ListEmptyState title="No tasks found" filtered={list.filtered} onClear={list.clear} />
      ) : (
        <>
          <TaskTable
            tasks={view.rows}
            editing={editing}
            onEdit={setEditingId}
            sort={list.sort}
            onSort={list.setSort}
          />
          <div style={{ marginTop: 12 }}>
            <Pagination {...listPager(list, view)} />
          </div>
        </>
      )}
      <AddTaskDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
