import type { ShopOrder } from '@manager/contract';
import {
  CurrencyIcon,
  formatDateTime,
  onTableSort,
  ResponsiveTable,
  shortId,
  sortableColumn,
} from '@manager/ui';
import { Flex, Tag, Typography, type TableColumnsType } from '@manager/ui';
import { PlayerLink } from '@manager/platform';

const userName = (o: ShopOrder) =>
  o.user.username ?? ([o.user.firstName, o.user.lastName].filter(Boolean).join(' ') || 'Unknown');

const columns = (sort: string | undefined): TableColumnsType<ShopOrder> => [
  {
    title: 'Order ID',
    key: 'id',
    render: (_, o) => (
      <Typography.Text code title={o.id}>
        {shortId(o.id, 8)}
      </Typography.Text>
    ),
  },
  {
    title: 'User',
    key: 'user',
    render: (_, o) => (
      <Flex vertical>
        <Typography.Text>
          <PlayerLink telegramId={o.user.telegramId}>{userName(o)}</PlayerLink>
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          ID: {o.user.telegramId}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Item',
    key: 'item',
    render: (_, o) => (
      <Flex gap={6} align="center" wrap>
        <Typography.Text>{o.shopItem?.titleEn ?? 'Deleted item'}</Typography.Text>
        {o.isBundle && <Tag color="purple">Bundle</Tag>}
      </Flex>
    ),
  },
  {
    title: 'Price',
    key: 'price',
    ...sortableColumn('price', sort),
    render: (_, o) => (
      <Flex gap={4} align="center">
        {o.price} <CurrencyIcon currency={o.currency} withLabel />
      </Flex>
    ),
  },
  { title: 'Type', key: 'type', render: (_, o) => (o.shopItem ? <Tag>{o.shopItem.type}</Tag> : '-') },
  {
    title: 'Date',
    key: 'createdAt',
    ...sortableColumn('createdAt', sort),
    render: (_, o) => formatDateTime(o.createdAt),
  },
];

interface ShopOrdersTableProps {
  orders: readonly ShopOrder[];
  /** The list's sort (`price`, `-createdAt`...): Price and Date sort the whole list, not the page. */
  sort: string | undefined;
  onSort: (sort: 'price' | '-price' | 'createdAt' | '-createdAt' | undefined) => void;
}

export function ShopOrdersTable({ orders, sort, onSort }: ShopOrdersTableProps) {
  return (
    <ResponsiveTable
      rowKey="id"
      columns={columns(sort)}
      rows={orders as ShopOrder[]}
      cardLabel={(o) => `Order ${shortId(o.id, 8)}`}
      tableWidth={720}
      tableProps={{ onChange: onTableSort(onSort as (sort: string | undefined) => void) }}
    />
  );
}
