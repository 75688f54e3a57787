import { PAGE_SIZES } from '@manager/contract';
import { EmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Col, Flex, Input, Row } from '@manager/ui';
import { useState } from 'react';
import { useMarketplaceItems } from '../api/get-marketplace-items';
import { MarketplaceItemCard } from './marketplace-item-card';

export default function MarketplaceItemsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isPending } = useMarketplaceItems({ page, search });
  const total = data?.pagination.totalItems ?? 0;

  // A new search starts again from page 1 (docs/screens.md).
  const submit = (text: string) => {
    setSearch(text.trim());
    setPage(1);
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Marketplace" subtitle={`${total} items available`} />
      <Input.Search
        aria-label="Search marketplace items"
        placeholder="Search by gift name or number..."
        allowClear
        enterButton="Search"
        onSearch={submit}
        onChange={(e) => e.target.value === '' && search !== '' && submit('')}
        style={{ maxWidth: 480 }}
      />
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
