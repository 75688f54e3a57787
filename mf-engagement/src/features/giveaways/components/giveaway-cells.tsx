import { Flex, Tag, Typography } from '@manager/ui';
import type { Giveaway, GiveawayStatus } from '@manager/contract';
import { GiftImage } from '@manager/ui';
import { uploadUrl } from '@manager/platform';

const STATUS_COLOR: Record<GiveawayStatus, string> = { Active: 'green', Inactive: 'default', Expired: 'red' };

export const StatusTag = ({ status }: { status: GiveawayStatus }) => (
  <Tag color={STATUS_COLOR[status]}>{status}</Tag>
);

export const PreviewCell = ({ g }: { g: Giveaway }) => (
  <GiftImage
    name={g.gifts[0]?.name ?? `Giveaway ${g.id}`}
    src={uploadUrl(g.previewImageUrl)}
    size={48}
    alt={`Giveaway ${g.id} preview`}
  />
);

/** Free or Paid with the ticket prices above 0. */
export function TypeCell({ g }: { g: Giveaway }) {
  if (g.isFree) return <Tag color="blue">Free</Tag>;
  return (
    <Flex vertical gap={2}>
      <Tag color="gold" style={{ width: 'fit-content' }}>
        Paid
      </Tag>
      {g.ticketPriceTon > 0 && <Typography.Text>{g.ticketPriceTon} TON</Typography.Text>}
      {g.ticketPriceStars > 0 && <Typography.Text>{g.ticketPriceStars} Stars</Typography.Text>}
    </Flex>
  );
}

/** Count, names joined, and the number of tickets when any (only the keys are counted). */
export function GiftsCell({ g }: { g: Giveaway }) {
  const tickets = Object.keys(g.tickets ?? {}).length;
  return (
    <Flex vertical gap={2} style={{ maxWidth: 260 }}>
      <Typography.Text strong>
        {g.gifts.length} {g.gifts.length === 1 ? 'gift' : 'gifts'}
      </Typography.Text>
      <Typography.Text type="secondary">{g.gifts.map((x) => x.name).join(', ')}</Typography.Text>
      {tickets > 0 && <Typography.Text type="secondary">{tickets} tickets</Typography.Text>}
    </Flex>
  );
}

export function WinnersCell({ g }: { g: Giveaway }) {
  if (g.winners.length === 0) return <Typography.Text type="secondary">No winners yet</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong>
        {g.winners.length} {g.winners.length === 1 ? 'winner' : 'winners'}
      </Typography.Text>
      <ul
        aria-label={`Winners of giveaway ${g.id}`}
        style={{ maxHeight: 96, overflowY: 'auto', margin: 0, paddingLeft: 16 }}
        tabIndex={0}
      >
        {g.winners.map((w, i) => (
          <li key={`${w.winnerId}-${i}`}>
            {w.username ?? w.winnerId}
            {w.giftName ? ` - ${w.giftName}` : ''}
          </li>
        ))}
      </ul>
    </Flex>
  );
}
