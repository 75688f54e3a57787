import { calls, PAGE_SIZES } from '@manager/contract';
import { ExportCsvButton, Flex, ListEmptyState, ListToolbar, LoadingState, PageHeader } from '@manager/ui';
import { Pagination, SubmitSearchBox } from '@manager/ui';
import { listPager, useCsvExport, useListState, useListView } from '@manager/platform';
import { useMarketplaceOrders } from '../api/get-marketplace-orders';
import { MarketplaceOrdersTable } from './marketplace-orders-table';

export default function MarketplaceOrdersPage() {
  // The search is sent with Search or Enter, so it reaches the URL at once.
  const list = useListState({ pageSize: PAGE_SIZES.MARKETPLACE_ORDERS, searchDelayMs: 0 });
  const { data, isPending, isPlaceholderData } = useMarketplaceOrders(list.query);
  const exporter = useCsvExport(calls.exportMarketplaceOrders, list.query);
  // A page past the last (a link kept while rows went away) moves to the last page.
  const view = useListView(list, data && { rows: data.orders, total: data.pagination.totalOrders }, {
    stale: isPlaceholderData,
  });

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Marketplace Orders" subtitle={`${view.total} orders found`} />
      <ListToolbar
        search={
          <SubmitSearchBox
            label="Search marketplace orders"
            placeholder="Search by gift, buyer or seller..."
            search={list.settledSearch}
            onSubmit={list.setSearch}
          />
        }
        onClear={list.clear}
        filtered={list.filtered}
        actions={<ExportCsvButton export={exporter} expectedRows={view.total} />}
      />
      {isPending ? (
        <LoadingState />
      ) : view.rows.length === 0 ? (
        <ListEmptyState
          title="No marketplace orders found"
          description="Try adjusting your search terms"
          filtered={list.filtered}
          onClear={list.clear}
        />
      ) : (
        <MarketplaceOrdersTable orders={view.rows} />
      )}
      <Pagination {...listPager(list, view)} />
    </Flex>
  );
}
