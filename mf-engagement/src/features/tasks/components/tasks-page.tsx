import { useState } from 'react';
import { Button, Flex, Select, SearchBox } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import { EmptyState, ErrorState, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { useOpenedByAddress } from '@manager/platform';
import { useTaskList } from '../hooks/use-task-list';
import { AddTaskDrawer } from './add-task-drawer';
import { TaskTable } from './task-table';

export default function TasksPage() {
  const { list, tasks, view } = useTaskList();
  const totals = view.stats ?? { total: 0, active: 0, inactive: 0, completions: 0 };
  const [adding, setAdding] = useState(false);
  // `New task` of the command palette opens `?new=task`.
  useOpenedByAddress('task', () => setAdding(true));

  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle="Manage and monitor task completion"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add New Task
          </Button>
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
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <SearchBox
          label="Search tasks"
          placeholder="Search tasks..."
          value={list.search}
          onChange={list.setSearch}
          style={{ maxWidth: 320 }}
        />
        <Select
          aria-label="Category filter"
          value={list.filters.category}
          onChange={(v) => list.setFilter('category', v)}
          style={{ minWidth: 160 }}
          options={[
            { value: 'all', label: 'All Categories' },
            { value: 'Partners', label: 'Partners' },
            { value: 'In Game', label: 'In Game' },
          ]}
        />
        <Select
          aria-label="Status filter"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          style={{ minWidth: 140 }}
          options={[
            { value: 'all', label: 'All Status' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </Flex>
      {tasks.isLoading ? (
        <LoadingState />
      ) : tasks.isError ? (
        <ErrorState message="Failed to load tasks" onRetry={() => void tasks.refetch()} />
      ) : view.total === 0 ? (
        <EmptyState title="No tasks found" />
      ) : (
        <>
          <TaskTable tasks={view.rows} />
          <div style={{ marginTop: 12 }}>
            <Pagination
              page={view.page}
              pageSize={view.pageSize}
              total={view.total}
              onChange={list.setPage}
            />
          </div>
        </>
      )}
      <AddTaskDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
