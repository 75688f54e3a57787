import { CURRENCIES, SHOP_ORDER_TYPES } from '@manager/contract';
import { Button, Flex, Select, SearchBox } from '@manager/ui';
import type { ReactNode } from 'react';
import type { TimeFilter } from '../model/filter-shop-orders';

const TIME_OPTIONS: Array<{ value: TimeFilter; label: string }> = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 Days' },
  { value: 'month', label: 'Last 30 Days' },
];

interface ShopOrdersFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  filters: { currency: string; type: string; time: string };
  onFilter: (name: 'currency' | 'type' | 'time', value: string) => void;
  onClear: () => void;
  /** Shown after Clear Filters (the export button). */
  extra?: ReactNode;
}

export function ShopOrdersFilters({
  search,
  onSearch,
  filters,
  onFilter,
  onClear,
  extra,
}: ShopOrdersFiltersProps) {
  return (
    <Flex gap={8} wrap>
      <SearchBox
        label="Search orders"
        placeholder="Search by order, user or item..."
        value={search}
        onChange={onSearch}
        style={{ flex: '1 1 220px', maxWidth: 360 }}
      />
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
      <Button onClick={onClear}>Clear Filters</Button>
      {extra}
    </Flex>
  );
}
