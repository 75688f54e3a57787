import type { TASK_SORTS } from '@manager/contract';
import { ListToolbar, SearchBox, Select, type ListSortOption } from '@manager/ui';
import type { TaskListState } from '../hooks/use-task-list';

type TaskSort = (typeof TASK_SORTS)[number];

/** The table's sortable headers (docs/screens.md#list-controls), a "Sort by" choice on a phone. */
export const TASK_SORT_OPTIONS: readonly ListSortOption<TaskSort>[] = [
  { key: 'rewardAmount', label: 'Reward' },
  { key: 'completed', label: 'Completed' },
];

/** Search, category and status filters, Clear Filters and, on a phone, Sort by. */
export function TaskToolbar({ list }: { list: TaskListState }) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search tasks"
          placeholder="Search tasks..."
          value={list.search}
          onChange={list.setSearch}
        />
      }
      filters={
        <>
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
        </>
      }
      onClear={list.clear}
      filtered={list.filtered}
      sorts={TASK_SORT_OPTIONS}
      sort={list.sort}
      onSort={list.setSort}
    />
  );
}
