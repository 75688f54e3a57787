import { Button, Flex, Typography } from '../../antd.ts';
import { CloseOutlined } from '@ant-design/icons';
import { GiftImage } from '../gift-image.tsx';

interface SelectedGift {
  id: number | string;
  name: string;
  price?: number;
  modelThumbUrl?: string | null;
}

interface SelectedGiftsProps {
  gifts: ReadonlyArray<SelectedGift>;
  onRemove?: (gift: SelectedGift) => void;
  imageBaseUrl?: string;
  emptyText?: string;
}

/** The gifts already chosen (giveaway form), each removable. */
export function SelectedGifts({
  gifts,
  onRemove,
  imageBaseUrl,
  emptyText = 'No gifts selected',
}: SelectedGiftsProps) {
  if (gifts.length === 0) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <ul aria-label="Selected gifts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {gifts.map((gift) => (
        <li key={gift.id}>
          <Flex align="center" gap={8} style={{ padding: '4px 0' }}>
            <GiftImage name={gift.name} src={gift.modelThumbUrl} baseUrl={imageBaseUrl} size={32} />
            <Typography.Text style={{ flex: 1 }} ellipsis>
              {gift.name}
            </Typography.Text>
            {gift.price !== undefined && <Typography.Text type="secondary">{gift.price} TON</Typography.Text>}
            {onRemove && (
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={`Remove ${gift.name}`}
                onClick={() => onRemove(gift)}
              />
            )}
          </Flex>
        </li>
      ))}
    </ul>
  );
}
