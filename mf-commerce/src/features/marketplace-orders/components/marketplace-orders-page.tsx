import { calls, PAGE_SIZES } from '@manager/contract';
import { EmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { ExportCsvButton, Flex, SubmitSearchBox, usePhone } from '@manager/ui';
import { useCsvExport, useListState, useListView } from '@manager/platform';
import { useMarketplaceOrders } from '../api/get-marketplace-orders';
import { MarketplaceOrderCards, MarketplaceOrdersTable } from './marketplace-orders-views';

export default function MarketplaceOrdersPage() {
  // The search is sent with Search or Enter, so it reaches the URL at once.
  const list = useListState({ pageSize: PAGE_SIZES.MARKETPLACE_ORDERS, searchDelayMs: 0 });
  const { data, isPending, isPlaceholderData } = useMarketplaceOrders(list.query);
  const exporter = useCsvExport(calls.exportMarketplaceOrders, list.query);
  const desktop = !usePhone();
  // A page past the last (a link kept while rows went away) moves to the last page.
  const view = useListView(list, data && { rows: data.orders, total: data.pagination.totalOrders }, {
    stale: isPlaceholderData,
  });
  const total = view.total;

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Marketplace Orders" subtitle={`${total} orders found`} />
      <Flex gap={8} wrap>
        <SubmitSearchBox
          label="Search marketplace orders"
          placeholder="Search by gift, buyer or seller..."
          search={list.settledSearch}
          onSubmit={list.setSearch}
          style={{ flex: '1 1 260px', maxWidth: 480 }}
        />
        <ExportCsvButton export={exporter} expectedRows={total} />
      </Flex>
      {isPending ? (
        <LoadingState />
      ) : !data || data.orders.length === 0 ? (
        <EmptyState title="No marketplace orders found" description="Try adjusting your search terms" />
      ) : desktop ? (
        <MarketplaceOrdersTable orders={data.orders} />
      ) : (
        <MarketplaceOrderCards orders={data.orders} />
      )}
      <Pagination page={view.page} pageSize={list.pageSize} total={total} onChange={list.setPage} />
    </Flex>
  );
}
