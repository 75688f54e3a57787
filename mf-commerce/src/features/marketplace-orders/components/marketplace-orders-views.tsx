import type { MarketplaceOrder } from '@manager/contract';
import { getRuntimeConfig, playerLink } from '@manager/platform';
import { formatDateTime, formatDecimals, GiftImage, tableScrollX, PersonBadge } from '@manager/ui';
import { Card, Flex, Table, Typography, type TableColumnsType } from '@manager/ui';

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

export function MarketplaceOrdersTable({ orders }: { orders: MarketplaceOrder[] }) {
  return (
    <Table rowKey="id" columns={columns} dataSource={orders} pagination={false} {...tableScrollX(800)} />
  );
}

/** Phone layout: one card per order. */
export function MarketplaceOrderCards({ orders }: { orders: MarketplaceOrder[] }) {
  return (
    <Flex vertical gap={12}>
      {orders.map((o) => (
        <Card key={o.id} size="small" role="article" aria-label={`Order ${o.item.name}`}>
          <Flex vertical gap={8}>
            <ItemCell order={o} />
            <Flex gap={12} wrap>
              <div>
                <Typography.Text type="secondary">Buyer</Typography.Text>
                <PersonBadge person={o.buyer} nameLink={playerLink(o.buyer?.telegramId)} />
              </div>
              <div>
                <Typography.Text type="secondary">Seller</Typography.Text>
                <PersonBadge person={o.seller} nameLink={playerLink(o.seller?.telegramId)} />
              </div>
            </Flex>
            <Prices order={o} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(o.createdAt)}
            </Typography.Text>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
