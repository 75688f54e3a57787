import { ListToolbar, SearchBox, Select, type ListSortOption } from '@manager/ui';
import type { AdminListState } from '../hooks/use-admin-list';

const SORT_OPTIONS: readonly ListSortOption<'username' | 'lastActiveAt'>[] = [
  { key: 'username', label: 'Username' },
  { key: 'lastActiveAt', label: 'Last active' },
];

/** Search, the status filter, Clear Filters and, on a phone, Sort by. */
export function AdminsToolbar({ list }: { list: AdminListState }) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search administrators"
          placeholder="Search by username or e-mail..."
          value={list.search}
          onChange={list.setSearch}
        />
      }
      filters={
        <Select
          aria-label="Status filter"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          style={{ minWidth: 140 }}
          options={[
            { value: 'all', label: 'All Status' },
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
            { value: 'invited', label: 'Invited' },
          ]}
        />
      }
      onClear={list.clear}
      filtered={list.filtered}
      sorts={SORT_OPTIONS}
      sort={list.sort}
      onSort={list.setSort}
    />
  );
}
