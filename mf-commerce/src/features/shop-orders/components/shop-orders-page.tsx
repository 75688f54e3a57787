import { calls, PAGE_SIZES, SHOP_ORDER_SORTS } from '@manager/contract';
import {
  ExportCsvButton,
  ListEmptyState,
  Flex,
  formatDecimals,
  LoadingState,
  PageHeader,
  Pagination,
  StatRow,
} from '@manager/ui';
import { listPager, useCsvExport, useListState, useListView } from '@manager/platform';
import { useMemo } from 'react';
import { useShopOrders } from '../api/get-shop-orders';
import {
  compareShopOrders,
  revenue,
  SHOP_ORDER_FILTERS,
  shopOrderMatcher,
  timeFrom,
} from '../model/filter-shop-orders';
import { ShopOrdersFilters } from './shop-orders-filters';
import { ShopOrdersTable } from './shop-orders-table';

const NO_REVENUE = { total: 0, ton: 0, star: 0, redChip: 0 };

export default function ShopOrdersPage() {
  const list = useListState({
    pageSize: PAGE_SIZES.SHOP_ORDERS,
    filters: SHOP_ORDER_FILTERS,
    sorts: SHOP_ORDER_SORTS,
  });
  const { currency, type, time } = list.filters;
  // The time filter is a window ending now: its start is fixed when the filter is chosen (or the page opened).
  const from = useMemo(() => timeFrom(time), [time]);
  const { time: _time, ...query } = list.query;
  const params = { ...query, ...(from ? { from: from.toISOString() } : {}) };
  const { data, isPending, isPlaceholderData } = useShopOrders(params);
  // The file holds every order of the filters shown, in the list's order (page and limit left out).
  const exporter = useCsvExport(calls.exportShopOrders, params);
  const view = useListView(list, data, {
    stale: isPlaceholderData,
    match: shopOrderMatcher({ search: list.settledSearch, currency, type, from }),
    compare: compareShopOrders,
    stats: (_all, filtered) => revenue(filtered),
    deps: [from],
  });
  const totals = view.stats ?? NO_REVENUE;
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
        search={list.search}
        onSearch={list.setSearch}
        filters={list.filters}
        onFilter={list.setFilter}
        onClear={list.clear}
        filtered={list.filtered}
        sort={list.sort}
        onSort={list.setSort}
        extra={<ExportCsvButton export={exporter} expectedRows={view.total} />}
      />
      {isPending ? (
        <LoadingState />
      ) : view.total === 0 ? (
        <ListEmptyState
          title="No orders found matching your criteria"
          filtered={list.filtered}
          onClear={list.clear}
        />
      ) : (
        <ShopOrdersTable orders={view.rows} sort={list.sort} onSort={list.setSort} />
      )}
      <Pagination {...listPager(list, view)} />
    </Flex>
  );
}
