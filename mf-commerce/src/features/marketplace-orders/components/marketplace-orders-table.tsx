import type { MarketplaceOrder } from '@manager/contract';
import { getRuntimeConfig, playerLink } from '@manager/platform';
import { formatDateTime, formatDecimals, GiftImage, PersonBadge, ResponsiveTable } from '@manager/ui';
import { Flex, Typography, type TableColumnsType } from '@manager/ui';

const ton = (n: number) => `${formatDecimals(n, 2)} TON`;

function ItemCell({ order }: { order: MarketplaceOrder }) {
  return (
    <Flex gap={8} align="center">
      <GiftImage name={order.item.name} baseUrl={getRuntimeConfig().nftImageBaseUrl} size={40} />
      <Flex vertical>
        <Typography.Text strong>{order.item.name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {order.item.giftNumber !== null ? `#${order.item.giftNumber}` : ''} {order.item.modelName ?? ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function Prices({ order }: { order: MarketplaceOrder }) {
  return (
    <Flex vertical style={{ fontSize: 12 }}>
      <span>Price: {ton(order.price)}</span>
      <span>Fee: {ton(order.fee)}</span>
      <Typography.Text strong>Total: {ton(order.totalPrice)}</Typography.Text>
    </Flex>
  );
}

const columns: TableColumnsType<MarketplaceOrder> = [
  { title: 'Item', key: 'item', render: (_, o) => <ItemCell order={o} /> },
  {
    title: 'Buyer',
    key: 'buyer',
    render: (_, o) => <PersonBadge person={o.buyer} nameLink={playerLink(o.buyer?.telegramId)} />,
  },
  {
    title: 'Seller',
    key: 'seller',
    render: (_, o) => <PersonBadge person={o.seller} nameLink={playerLink(o.seller?.telegramId)} />,
  },
  { title: 'Prices', key: 'prices', render: (_, o) => <Prices order={o} /> },
  { title: 'Date', key: 'date', render: (_, o) => formatDateTime(o.createdAt) },
];

/** A table on a wide screen, one card per order on a phone (`ResponsiveTable`). */
export function MarketplaceOrdersTable({ orders }: { orders: readonly MarketplaceOrder[] }) {
  return (
    <ResponsiveTable
      rowKey="id"
      columns={columns}
      rows={orders as MarketplaceOrder[]}
      cardLabel={(o) => `Order ${o.item.name}`}
      tableWidth={800}
    />
  );
}
