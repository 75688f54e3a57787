import { SHOP_TYPES, type SHOP_ITEM_SORTS } from '@manager/contract';
import { ListToolbar, Select, SearchBox, type ListSortOption } from '@manager/ui';

/** The list's filters as the URL keeps them (`type`, `status`); the first value is the default. */
export const SHOP_ITEM_FILTERS = {
  type: ['all', ...SHOP_TYPES],
  status: ['all', 'active', 'inactive'],
} as const;

type ShopItemSort = (typeof SHOP_ITEM_SORTS)[number];

/** The table's sortable headers, offered as "Sort by" on a phone (newest first is the default). */
export const SHOP_ITEM_SORT_OPTIONS: readonly ListSortOption<ShopItemSort>[] = [
  { key: 'price', label: 'Price' },
  { key: 'sold', label: 'Sold' },
];

interface ShopItemsFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  filters: { type: string; status: string };
  onFilter: (name: 'type' | 'status', value: string) => void;
  onClear: () => void;
  filtered: boolean;
  sort: ShopItemSort | `-${ShopItemSort}` | undefined;
  onSort: (sort: ShopItemSort | `-${ShopItemSort}` | undefined) => void;
}

export function ShopItemsFilters({
  search,
  onSearch,
  filters,
  onFilter,
  onClear,
  filtered,
  sort,
  onSort,
}: ShopItemsFiltersProps) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search shop items"
          placeholder="Search items..."
          value={search}
          onChange={onSearch}
        />
      }
      onClear={onClear}
      filtered={filtered}
      sorts={SHOP_ITEM_SORT_OPTIONS}
      sort={sort}
      onSort={onSort}
      filters={
        <>
          <Select
            aria-label="Filter by type"
            value={filters.type}
            onChange={(v) => onFilter('type', v)}
            options={[
              { value: 'all', label: 'All Types' },
              ...SHOP_TYPES.map((t) => ({ value: t, label: t })),
            ]}
            style={{ minWidth: 170 }}
          />
          <Select
            aria-label="Filter by status"
            value={filters.status}
            onChange={(v) => onFilter('status', v)}
            options={[
              { value: 'all', label: 'All Status' },
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
            style={{ minWidth: 140 }}
          />
        </>
      }
    />
  );
}

type Filterable = { titleEn: string; titleRu: string; type: string; status: boolean };

/** Whether an item passes the search (either title) and filters, for an API that answers the whole list. */
export function shopItemMatcher(f: {
  search: string;
  type: string;
  status: string;
}): (item: Filterable) => boolean {
  const q = f.search.trim().toLowerCase();
  return (i) =>
    (!q || i.titleEn.toLowerCase().includes(q) || i.titleRu.toLowerCase().includes(q)) &&
    (f.type === 'all' || i.type === f.type) &&
    (f.status === 'all' || i.status === (f.status === 'active'));
}

/** The order of a sort on a whole list (`price`, `sold`, `createdAt`; `-` descending). */
export function compareShopItems(
  sort: string,
):
  | ((
      a: { price: number; sold: number; createdAt?: string },
      b: { price: number; sold: number; createdAt?: string },
    ) => number)
  | undefined {
  const sign = sort.startsWith('-') ? -1 : 1;
  const key = sort.replace(/^-/, '');
  if (key === 'price') return (a, b) => sign * (a.price - b.price);
  if (key === 'sold') return (a, b) => sign * (a.sold - b.sold);
  if (key === 'createdAt')
    return (a, b) => sign * (Date.parse(a.createdAt ?? '') - Date.parse(b.createdAt ?? '') || 0);
  return undefined;
}
