import { PAGE_SIZES } from '@manager/contract';
import { EmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Col, Flex, Row, SubmitSearchBox } from '@manager/ui';
import { useSubmittedSearch } from '@manager/platform';
import { useMarketplaceItems } from '../api/get-marketplace-items';
import { MarketplaceItemCard } from './marketplace-item-card';

export default function MarketplaceItemsPage() {
  const { search, submit, page, setPage } = useSubmittedSearch();
  const { data, isPending } = useMarketplaceItems({ page, search });
  const total = data?.pagination.totalItems ?? 0;

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Marketplace" subtitle={`${total} items available`} />
      <SubmitSearchBox label="Search marketplace items" placeholder="Search by gift name or number..." search={search} onSubmit={submit} style={{ maxWidth: 480 }} />
      {isPending ? (
        <LoadingState />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title="No marketplace items found" description="Try adjusting your search terms" />
      ) : (
        <Row gutter={[12, 12]}>
          {data.items.map((item) => (
            <Col key={item.id} xs={12} sm={12} md={8} lg={6} xl={6} xxl={4}>
              <MarketplaceItemCard item={item} />
            </Col>
          ))}
        </Row>
      )}
      <Pagination page={page} pageSize={PAGE_SIZES.MARKETPLACE} total={total} onChange={setPage} />
    </Flex>
  );
}
