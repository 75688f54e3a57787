import type { ShopItem, ShopItemsStats as Stats } from '@manager/contract';
import { StatRow } from '@manager/ui';

/** The cards over every item (not the filtered page), from a whole list: items, active, inactive, sales (sum of sold). */
export function shopItemsStats(items: readonly ShopItem[]): Stats {
  const active = items.filter((i) => i.status).length;
  return {
    total: items.length,
    active,
    inactive: items.length - active,
    sales: items.reduce((sum, i) => sum + i.sold, 0),
  };
}

export function ShopItemsStats({
  stats = { total: 0, active: 0, inactive: 0, sales: 0 },
}: {
  stats: Stats | undefined;
}) {
  const cards = [
    { title: 'Total Items', value: stats.total },
    { title: 'Active', value: stats.active },
    { title: 'Inactive', value: stats.inactive },
    { title: 'Total Sales', value: stats.sales },
  ];
  return <StatRow cards={cards} />;
}
