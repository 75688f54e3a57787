import type { LOOT_BOX_SORTS } from '@manager/contract';
import { ListToolbar, SearchBox, Select, type ListSortOption } from '@manager/ui';

/** The list's filter as the URL keeps it (`status`, the API's); the first value is the default. */
export const LOOT_BOX_FILTERS = { status: ['all', 'active', 'inactive'] } as const;

type LootBoxSort = (typeof LOOT_BOX_SORTS)[number];

/** The table's sortable headers, offered as "Sort by" on a phone (newest first is the default). */
export const LOOT_BOX_SORT_OPTIONS: readonly ListSortOption<LootBoxSort>[] = [
  { key: 'name', label: 'Name' },
  { key: 'amount', label: 'Amount (Stars)' },
  { key: 'createdAt', label: 'Created' },
];

/** Whether a box passes the search (its name) and the status, for an API that answers the whole list. */
export function lootBoxMatcher(f: { search: string; status: string }) {
  const q = f.search.trim().toLowerCase();
  return (box: { name: string; isActive: boolean }) =>
    (!q || box.name.toLowerCase().includes(q)) &&
    (f.status === 'all' || box.isActive === (f.status === 'active'));
}

interface LootBoxesFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  status: string;
  onStatus: (value: string) => void;
  onClear: () => void;
  filtered: boolean;
  sort: LootBoxSort | `-${LootBoxSort}` | undefined;
  onSort: (sort: LootBoxSort | `-${LootBoxSort}` | undefined) => void;
}

export function LootBoxesFilters({
  search,
  onSearch,
  status,
  onStatus,
  onClear,
  filtered,
  sort,
  onSort,
}: LootBoxesFiltersProps) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search loot boxes"
          placeholder="Search by name..."
          value={search}
          onChange={onSearch}
        />
      }
      filters={
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={onStatus}
          options={[
            { value: 'all', label: 'All Status' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          style={{ minWidth: 140 }}
        />
      }
      onClear={onClear}
      filtered={filtered}
      sorts={LOOT_BOX_SORT_OPTIONS}
      sort={sort}
      onSort={onSort}
    />
  );
}
