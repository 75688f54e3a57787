import type { GIVEAWAY_SORTS } from '@manager/contract';
import { ListToolbar, SearchBox, Select, type ListSortOption } from '@manager/ui';
import type { GiveawayListState } from '../hooks/use-giveaway-list';

type GiveawaySort = (typeof GIVEAWAY_SORTS)[number];

/** The table's sortable header (docs/screens.md#list-controls), a "Sort by" choice on a phone. */
export const GIVEAWAY_SORT_OPTIONS: readonly ListSortOption<GiveawaySort>[] = [
  { key: 'expiredDate', label: 'Expires' },
];

/** Search, the status filter, Clear Filters and, on a phone, Sort by. */
export function GiveawayToolbar({ list }: { list: GiveawayListState }) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search giveaways"
          placeholder="Search giveaways..."
          value={list.search}
          onChange={list.setSearch}
        />
      }
      filters={
        <Select
          aria-label="Status filter"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          style={{ minWidth: 150 }}
          options={[
            { value: 'all', label: 'All Status' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'expired', label: 'Expired' },
          ]}
        />
      }
      onClear={list.clear}
      filtered={list.filtered}
      sorts={GIVEAWAY_SORT_OPTIONS}
      sort={list.sort}
      onSort={list.setSort}
    />
  );
}
