import { PAGE_SIZES } from '@manager/contract';
import { ListEmptyState, ListToolbar, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Col, Flex, Row, SubmitSearchBox } from '@manager/ui';
import { listPager, useListState, useListView } from '@manager/platform';
import { useMarketplaceItems } from '../api/get-marketplace-items';
import { MarketplaceItemCard } from './marketplace-item-card';

export default function MarketplaceItemsPage() {
  // The search is sent with Search or Enter, so it reaches the URL at once.
  const list = useListState({ pageSize: PAGE_SIZES.MARKETPLACE, searchDelayMs: 0 });
  const { data, isPending, isPlaceholderData } = useMarketplaceItems(list.query);
  // A page past the last (a link kept while rows went away) moves to the last page.
  const view = useListView(list, data && { rows: data.items, total: data.pagination.totalItems }, {
    stale: isPlaceholderData,
  });

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Marketplace" subtitle={`${view.total} items available`} />
      <ListToolbar
        search={
          <SubmitSearchBox
            label="Search marketplace items"
            placeholder="Search by gift name or number..."
            search={list.settledSearch}
            onSubmit={list.setSearch}
          />
        }
        onClear={list.clear}
        filtered={list.filtered}
      />
      {isPending ? (
        <LoadingState />
      ) : view.rows.length === 0 ? (
        <ListEmptyState
          title="No marketplace items found"
          description="Try adjusting your search terms"
          filtered={list.filtered}
          onClear={list.clear}
        />
      ) : (
        <Row gutter={[12, 12]}>
          {view.rows.map((item) => (
            <Col key={item.id} xs={12} sm={12} md={8} lg={6} xl={6} xxl={4}>
              <MarketplaceItemCard item={item} />
            </Col>
          ))}
        </Row>
      )}
      <Pagination {...listPager(list, view)} />
    </Flex>
  );
}
