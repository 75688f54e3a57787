import type { ShopItem } from '@manager/contract';
import { StatRow } from '@manager/ui';

/** Totals over every item (not the filtered page): items, active, inactive, sales (sum of sold). */
export function ShopItemsStats({ items }: { items: ShopItem[] }) {
  const active = items.filter((i) => i.status).length;
  const cards = [
    { title: 'Total Items', value: items.length },
    { title: 'Active', value: active },
    { title: 'Inactive', value: items.length - active },
    { title: 'Total Sales', value: items.reduce((sum, i) => sum + i.sold, 0) },
  ];
  return <StatRow cards={cards} />;
}
