import { calls, PAGE_SIZES, type InventoryItem } from '@manager/contract';
import {
  getRuntimeConfig,
  listPager,
  PlayerLink,
  useCsvExport,
  useListState,
  useListView,
} from '@manager/platform';
import {
  ExportCsvButton,
  formatDateTime,
  formatDecimals,
  GiftImage,
  ListEmptyState,
  ListToolbar,
  PageHeader,
  Pagination,
  tableScrollX,
  SearchBox,
} from '@manager/ui';
import { Card, Flex, Table, Typography, type TableColumnsType, usePhone } from '@manager/ui';
import { useInventory } from '../api/get-inventory';

const userOf = (i: InventoryItem) =>
  i.user?.username ?? i.user?.firstName ?? String(i.user?.telegramId ?? '-');
const user = (i: InventoryItem) => <PlayerLink telegramId={i.user?.telegramId}>{userOf(i)}</PlayerLink>;

/** "PlushPepe-1234" names the picture "plushpepe-1234" on the NFT host (GiftImage reads "Name #n"). */
const pictureName = (name: string) => name.replace(/-(\d+)$/, ' #$1');

function Item({ item }: { item: InventoryItem }) {
  const numbered = item.giftNumber !== null && !item.name.endsWith(`-${item.giftNumber}`);
  return (
    <Flex align="center" gap={8}>
      <GiftImage
        name={pictureName(item.name)}
        alt={item.name}
        baseUrl={getRuntimeConfig().nftImageBaseUrl}
        size={32}
      />
      <span>
        {item.name}
        {numbered && <Typography.Text type="secondary"> #{item.giftNumber}</Typography.Text>}
      </span>
    </Flex>
  );
}
const value = (i: InventoryItem) => <span>{formatDecimals(i.price, 2)} TON</span>;

const columns: TableColumnsType<InventoryItem> = [
  { title: 'User', key: 'user', render: (_, i) => user(i) },
  { title: 'Item', key: 'item', render: (_, i) => <Item item={i} /> },
  { title: 'Value', key: 'value', align: 'right', render: (_, i) => value(i) },
  { title: 'Date', key: 'date', render: (_, i) => formatDateTime(i.createdAt) },
];

/**
 * View only: gifts held on the platform; search by item name; server pages of 20 (or the
 * Rows per page choice); search, page and size in the URL (docs/screens.md#list-controls).
 */
export default function InventoryPage() {
  const list = useListState({ pageSize: PAGE_SIZES.INVENTORY });
  const phone = usePhone();
  const { data, isPending, isFetching, isPlaceholderData } = useInventory(list.query);
  const view = useListView(list, data, { stale: isPlaceholderData });
  const items = view.rows;
  const exporter = useCsvExport(calls.exportInventory, list.query);
  const empty = <ListEmptyState title="No items found" filtered={list.filtered} onClear={list.clear} />;

  return (
    <>
      <PageHeader title="Inventory" />
      <Flex vertical gap={16}>
        <ListToolbar
          search={
            <SearchBox
              label="Search by item name"
              placeholder="Search by item name..."
              value={list.search}
              onChange={list.setSearch}
            />
          }
          onClear={list.clear}
          filtered={list.filtered}
          actions={<ExportCsvButton export={exporter} expectedRows={view.total} />}
        />
        {phone ? (
          !isPending && items.length === 0 ? (
            empty
          ) : (
            <Flex vertical gap={8}>
              {items.map((i) => (
                <Card key={i.id} size="small" data-testid="inventory-card">
                  <Item item={i} />
                  <Flex justify="space-between" style={{ marginTop: 6 }}>
                    <span>{user(i)}</span>
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
            dataSource={items as InventoryItem[]}
            columns={columns}
            pagination={false}
            // While a page loads the spinner stands alone: "no rows" is said only of an answer.
            locale={{ emptyText: isPending || isFetching ? null : empty }}
            {...tableScrollX()}
          />
        )}
        <Pagination {...listPager(list, view)} />
      </Flex>
    </>
  );
}
