import { PAGE_SIZES, type InventoryItem } from '@manager/contract';
import { getRuntimeConfig, useSearchPages } from '@manager/platform';
import { EmptyState, formatDateTime, formatDecimals, GiftImage, PageHeader, Pagination, tableScrollX, SearchBox } from '@manager/ui';
import { Card, Flex, Table, Typography, type TableColumnsType, usePhone } from '@manager/ui';
import { useInventory } from '../api/get-inventory';

const userOf = (i: InventoryItem) => i.user?.username ?? i.user?.firstName ?? String(i.user?.telegramId ?? '-');

/** "PlushPepe-1234" names the picture "plushpepe-1234" on the NFT host (GiftImage reads "Name #n"). */
const pictureName = (name: string) => name.replace(/-(\d+)$/, ' #$1');

function Item({ item }: { item: InventoryItem }) {
  const numbered = item.giftNumber !== null && !item.name.endsWith(`-${item.giftNumber}`);
  return (
    <Flex align="center" gap={8}>
      <GiftImage name={pictureName(item.name)} alt={item.name} baseUrl={getRuntimeConfig().nftImageBaseUrl} size={32} />
      <span>
        {item.name}
        {numbered && <Typography.Text type="secondary"> #{item.giftNumber}</Typography.Text>}
      </span>
    </Flex>
  );
}
const value = (i: InventoryItem) => <span>{formatDecimals(i.price, 2)} TON</span>;

const columns: TableColumnsType<InventoryItem> = [
  { title: 'User', key: 'user', render: (_, i) => userOf(i) },
  { title: 'Item', key: 'item', render: (_, i) => <Item item={i} /> },
  { title: 'Value', key: 'value', align: 'right', render: (_, i) => value(i) },
  { title: 'Date', key: 'date', render: (_, i) => formatDateTime(i.createdAt) },
];

/** View only: gifts held on the platform; search by item name; server pages of 20. */
export default function InventoryPage() {
  const { text, setText, search, page, setPage } = useSearchPages();
  const phone = usePhone();
  const { data, isPending, isFetching } = useInventory(page, search);
  const items = data?.items ?? [];

  return (
    <>
      <PageHeader title="Inventory" />
      <Flex vertical gap={16}>
        <SearchBox label="Search by item name" placeholder="Search by item name..." value={text} onChange={setText} style={{ maxWidth: 340 }} />
        {phone ? (
          !isPending && items.length === 0 ? (
            <EmptyState title="No items found" />
          ) : (
            <Flex vertical gap={8}>
              {items.map((i) => (
                <Card key={i.id} size="small" data-testid="inventory-card">
                  <Item item={i} />
                  <Flex justify="space-between" style={{ marginTop: 6 }}>
                    <span>{userOf(i)}</span>
                    {value(i)}
                  </Flex>
                  <Typography.Text type="secondary">{formatDateTime(i.createdAt)}</Typography.Text>
                </Card>
              ))}
            </Flex>
          )
        ) : (
          <Table<InventoryItem>
            rowKey="id"
            loading={isPending || isFetching}
            dataSource={items}
            columns={columns}
            pagination={false}
            locale={{ emptyText: 'No items found' }}
            {...tableScrollX()}
          />
        )}
        <Pagination page={page} pageSize={PAGE_SIZES.INVENTORY} total={data?.pagination.totalItems ?? 0} onChange={setPage} />
      </Flex>
    </>
  );
}
