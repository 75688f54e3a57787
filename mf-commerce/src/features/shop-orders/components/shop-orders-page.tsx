import { PAGE_SIZES } from '@manager/contract';
import { EmptyState, formatDecimals, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { Flex } from '@manager/ui';
import { useClientPages } from '@manager/platform';
import { useState } from 'react';
import { useShopOrders } from '../api/get-shop-orders';
import { filterShopOrders, NO_FILTERS, revenue, type ShopOrderFilters } from '../model/filter-shop-orders';
import { ShopOrdersFilters } from './shop-orders-filters';
import { ShopOrdersTable } from './shop-orders-table';

export default function ShopOrdersPage() {
  const { data: orders = [], isPending } = useShopOrders();
  const [filters, setFilters] = useState<ShopOrderFilters>(NO_FILTERS);
  const filtered = filterShopOrders(orders, filters);
  const totals = revenue(filtered);
  const { page, setPage, visible: pageOrders, resetting } = useClientPages(filtered, PAGE_SIZES.SHOP_ORDERS);
  // docs/screens.md: TON and totals with 2 decimals, STAR and RED_CHIP whole.
  const cards = [
    { title: 'Total Orders', value: String(totals.total) },
    { title: 'TON revenue', value: formatDecimals(totals.ton, 2) },
    { title: 'STAR revenue', value: formatDecimals(totals.star, 0) },
    { title: 'RED_CHIP revenue', value: formatDecimals(totals.redChip, 0) },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Shop Orders" subtitle="View shop purchases" />
      <StatRow cards={cards} />
      <ShopOrdersFilters
        value={filters}
        onChange={resetting(setFilters)}
      />
      {isPending ? (
        <LoadingState />
      ) : filtered.length === 0 ? (
        <EmptyState title="No orders found matching your criteria" />
      ) : (
        <ShopOrdersTable orders={pageOrders} />
      )}
      <Pagination page={page} pageSize={PAGE_SIZES.SHOP_ORDERS} total={filtered.length} onChange={setPage} />
    </Flex>
  );
}
