import { PAGE_SIZES } from '@manager/contract';
import { EmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Flex, SubmitSearchBox, usePhone } from '@manager/ui';
import { useSubmittedSearch } from '@manager/platform';
import { useMarketplaceOrders } from '../api/get-marketplace-orders';
import { MarketplaceOrderCards, MarketplaceOrdersTable } from './marketplace-orders-views';

export default function MarketplaceOrdersPage() {
  const { search, submit, page, setPage } = useSubmittedSearch();
  const { data, isPending } = useMarketplaceOrders({ page, search });
  const desktop = !usePhone();
  const total = data?.pagination.totalOrders ?? 0;

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Marketplace Orders" subtitle={`${total} orders found`} />
      <SubmitSearchBox label="Search marketplace orders" placeholder="Search by gift, buyer or seller..." search={search} onSubmit={submit} style={{ maxWidth: 480 }} />
      {isPending ? (
        <LoadingState />
      ) : !data || data.orders.length === 0 ? (
        <EmptyState title="No marketplace orders found" description="Try adjusting your search terms" />
      ) : desktop ? (
        <MarketplaceOrdersTable orders={data.orders} />
      ) : (
        <MarketplaceOrderCards orders={data.orders} />
      )}
      <Pagination page={page} pageSize={PAGE_SIZES.MARKETPLACE_ORDERS} total={total} onChange={setPage} />
    </Flex>
  );
}
