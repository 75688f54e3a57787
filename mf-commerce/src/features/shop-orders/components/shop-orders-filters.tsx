import { CURRENCIES, SHOP_ORDER_TYPES, type SHOP_ORDER_SORTS } from '@manager/contract';
import { ListToolbar, Select, SearchBox, type ListSortOption } from '@manager/ui';
import type { ReactNode } from 'react';
import type { TimeFilter } from '../model/filter-shop-orders';

const TIME_OPTIONS: Array<{ value: TimeFilter; label: string }> = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 Days' },
  { value: 'month', label: 'Last 30 Days' },
];

type ShopOrderSort = (typeof SHOP_ORDER_SORTS)[number];

/** The table's sortable headers, offered as "Sort by" on a phone. */
export const SHOP_ORDER_SORT_OPTIONS: readonly ListSortOption<ShopOrderSort>[] = [
  { key: 'createdAt', label: 'Date' },
  { key: 'price', label: 'Price' },
];

interface ShopOrdersFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  filters: { currency: string; type: string; time: string };
  onFilter: (name: 'currency' | 'type' | 'time', value: string) => void;
  onClear: () => void;
  filtered: boolean;
  sort: ShopOrderSort | `-${ShopOrderSort}` | undefined;
  onSort: (sort: ShopOrderSort | `-${ShopOrderSort}` | undefined) => void;
  /** At the toolbar's end (the export button). */
  extra?: ReactNode;
}

export function ShopOrdersFilters({
  search,
  onSearch,
  filters,
  onFilter,
  onClear,
  filtered,
  sort,
  onSort,
  extra,
}: ShopOrdersFiltersProps) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search orders"
          placeholder="Search by order, user or item..."
          value={search}
          onChange={onSearch}
        />
      }
      onClear={onClear}
      filtered={filtered}
      sorts={SHOP_ORDER_SORT_OPTIONS}
      sort={sort}
      onSort={onSort}
      actions={extra}
      filters={
        <>
          <Select
            aria-label="Filter by currency"
            value={filters.currency}
            onChange={(v) => onFilter('currency', v)}
            options={[
              { value: 'all', label: 'All Currencies' },
              ...CURRENCIES.map((c) => ({ value: c, label: c })),
            ]}
            style={{ minWidth: 150 }}
          />
          <Select
            aria-label="Filter by type"
            value={filters.type}
            onChange={(v) => onFilter('type', v)}
            options={[
              { value: 'all', label: 'All Types' },
              ...SHOP_ORDER_TYPES.map((t) => ({ value: t, label: t })),
            ]}
            style={{ minWidth: 150 }}
          />
          <Select
            aria-label="Filter by time"
            value={filters.time}
            onChange={(v) => onFilter('time', v)}
            options={TIME_OPTIONS}
            style={{ minWidth: 140 }}
          />
        </>
      }
    />
  );
}
