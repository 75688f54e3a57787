import type { MarketplaceItem } from '@manager/contract';
import { getRuntimeConfig, playerLink } from '@manager/platform';
import { formatDate, formatDecimals, GiftImage, PersonBadge } from '@manager/ui';
import { Card, Flex, theme, Typography } from '@manager/ui';

/** The old price is struck through only when it is above zero and differs from the price. */
const showOldPrice = (item: Pick<MarketplaceItem, 'price' | 'oldPrice'>) =>
  item.oldPrice !== null && item.oldPrice > 0 && item.oldPrice !== item.price;

export function MarketplaceItemCard({ item }: { item: MarketplaceItem }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" role="article" aria-label={item.name} styles={{ body: { padding: 12 } }}>
      <Flex vertical gap={8}>
        <GiftImage
          name={item.name}
          baseUrl={getRuntimeConfig().nftImageBaseUrl}
          size={160}
          style={{ width: '100%', maxWidth: 220, height: 'auto', aspectRatio: '1', alignSelf: 'center' }}
        />
        <Flex justify="space-between" align="baseline" gap={8}>
          <Typography.Text strong ellipsis>
            {item.name}
          </Typography.Text>
          {item.giftNumber !== null && <Typography.Text type="secondary">#{item.giftNumber}</Typography.Text>}
        </Flex>
        <Flex gap={8} align="baseline">
          <Typography.Text strong style={{ color: token.colorPrimaryText }}>
            {formatDecimals(item.price, 2)} TON
          </Typography.Text>
          {showOldPrice(item) && (
            <Typography.Text
              delete
              type="secondary"
              aria-label={`Old price ${formatDecimals(item.oldPrice ?? 0, 2)} TON`}
            >
              {formatDecimals(item.oldPrice ?? 0, 2)} TON
            </Typography.Text>
          )}
        </Flex>
        <PersonBadge
          person={item.owner}
          fallbackId={item.telegramId}
          small
          nameLink={playerLink(item.owner?.telegramId ?? item.telegramId)}
        />
        <Flex justify="space-between" gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Model: {item.modelName ?? '-'}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(item.createdAt)}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
