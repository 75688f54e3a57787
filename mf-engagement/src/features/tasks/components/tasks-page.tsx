import { useState } from 'react';
import { Button, Flex, Select, SearchBox } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import { EmptyState, ErrorState, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { useTasks } from '../api/get-tasks';
import { TASKS_PAGE_SIZE, useTaskFilters, type CategoryFilter, type StatusFilter } from '../hooks/use-task-filters';
import { taskTotals } from '../model/task-totals';
import { AddTaskDrawer } from './add-task-drawer';
import { TaskTable } from './task-table';

export default function TasksPage() {
  const tasks = useTasks();
  const all = tasks.data ?? [];
  const f = useTaskFilters(all);
  const totals = taskTotals(all);
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle="Manage and monitor task completion"
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add New Task</Button>}
      />
      <StatRow
        style={{ marginBottom: 16 }}
        cards={[
          { title: 'Total Tasks', value: totals.total, loading: tasks.isLoading },
          { title: 'Active', value: totals.active, color: '#389e0d', loading: tasks.isLoading },
          { title: 'Inactive', value: totals.inactive, color: '#8c8c8c', loading: tasks.isLoading },
          { title: 'Total Completions', value: totals.completions, color: '#1677ff', loading: tasks.isLoading },
        ]}
      />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <SearchBox label="Search tasks" placeholder="Search tasks..." value={f.search} onChange={f.setSearch} style={{ maxWidth: 320 }} />
        <Select<CategoryFilter>
          aria-label="Category filter"
          value={f.category}
          onChange={f.setCategory}
          style={{ minWidth: 160 }}
          options={[{ value: 'all', label: 'All Categories' }, { value: 'Partners', label: 'Partners' }, { value: 'In Game', label: 'In Game' }]}
        />
        <Select<StatusFilter>
          aria-label="Status filter"
          value={f.status}
          onChange={f.setStatus}
          style={{ minWidth: 140 }}
          options={[{ value: 'all', label: 'All Status' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }]}
        />
      </Flex>
      {tasks.isLoading ? (
        <LoadingState />
      ) : tasks.isError ? (
        <ErrorState message="Failed to load tasks" onRetry={() => void tasks.refetch()} />
      ) : f.filtered.length === 0 ? (
        <EmptyState title="No tasks found" />
      ) : (
        <>
          <TaskTable tasks={f.visible} />
          <div style={{ marginTop: 12 }}>
            <Pagination page={f.page} pageSize={TASKS_PAGE_SIZE} total={f.filtered.length} onChange={f.setPage} />
          </div>
        </>
      )}
      <AddTaskDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
