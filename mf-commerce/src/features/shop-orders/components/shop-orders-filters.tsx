import { CURRENCIES, SHOP_ORDER_TYPES } from '@manager/contract';
import { Button, Flex, Select, SearchBox } from '@manager/ui';
import { NO_FILTERS, type ShopOrderFilters, type TimeFilter } from '../model/filter-shop-orders';

const TIME_OPTIONS: Array<{ value: TimeFilter; label: string }> = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 Days' },
  { value: 'month', label: 'Last 30 Days' },
];

export function ShopOrdersFilters({ value, onChange }: { value: ShopOrderFilters; onChange: (v: ShopOrderFilters) => void }) {
  return (
    <Flex gap={8} wrap>
      <SearchBox label="Search orders" placeholder="Search by order, user or item..." value={value.search} onChange={(v) => onChange({ ...value, search: v })} style={{ flex: '1 1 220px', maxWidth: 360 }} />
      <Select
        aria-label="Filter by currency"
        value={value.currency}
        onChange={(currency) => onChange({ ...value, currency })}
        options={[{ value: 'all', label: 'All Currencies' }, ...CURRENCIES.map((c) => ({ value: c, label: c }))]}
        style={{ minWidth: 150 }}
      />
      <Select
        aria-label="Filter by type"
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        options={[{ value: 'all', label: 'All Types' }, ...SHOP_ORDER_TYPES.map((t) => ({ value: t, label: t }))]}
        style={{ minWidth: 150 }}
      />
      <Select
        aria-label="Filter by time"
        value={value.time}
        onChange={(time) => onChange({ ...value, time })}
        options={TIME_OPTIONS}
        style={{ minWidth: 140 }}
      />
      <Button onClick={() => onChange(NO_FILTERS)}>Clear Filters</Button>
    </Flex>
  );
}
