import { SHOP_TYPES } from '@manager/contract';
import { Flex, Select, SearchBox } from '@manager/ui';

export interface ShopItemFilterValues {
  search: string;
  type: string;
  status: 'all' | 'active' | 'inactive';
}

export function ShopItemsFilters({ value, onChange }: { value: ShopItemFilterValues; onChange: (v: ShopItemFilterValues) => void }) {
  return (
    <Flex gap={8} wrap>
      <SearchBox label="Search shop items" placeholder="Search items..." value={value.search} onChange={(v) => onChange({ ...value, search: v })} style={{ flex: '1 1 220px', maxWidth: 360 }} />
      <Select
        aria-label="Filter by type"
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        options={[{ value: 'all', label: 'All Types' }, ...SHOP_TYPES.map((t) => ({ value: t, label: t }))]}
        style={{ minWidth: 170 }}
      />
      <Select
        aria-label="Filter by status"
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        options={[
          { value: 'all', label: 'All Status' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        style={{ minWidth: 140 }}
      />
    </Flex>
  );
}

export function filterShopItems<T extends { titleEn: string; titleRu: string; type: string; status: boolean }>(items: T[], f: ShopItemFilterValues): T[] {
  const q = f.search.trim().toLowerCase();
  return items.filter(
    (i) =>
      (!q || i.titleEn.toLowerCase().includes(q) || i.titleRu.toLowerCase().includes(q)) &&
      (f.type === 'all' || i.type === f.type) &&
      (f.status === 'all' || i.status === (f.status === 'active')),
  );
}
