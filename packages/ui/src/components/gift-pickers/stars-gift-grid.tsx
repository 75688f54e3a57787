import { Button, Flex, Spin, Typography } from '../../antd.ts';
import type { StarsGift } from '@manager/contract';
import { GiftImage } from '../gift-image.tsx';
import { useDebouncedLoad } from './use-debounced-load.ts';

interface StarsGiftGridProps {
  /** Fetches the Stars gifts catalogue (the remote passes its API call). */
  loadGifts: () => Promise<StarsGift[]>;
  onPick: (gift: StarsGift) => void;
  /** Ids already selected: never offered again. */
  excludeIds?: ReadonlyArray<number | string>;
}

/** Grid of Telegram Stars gifts (loot-box GIFT rewards). */
export function StarsGiftGrid({ loadGifts, onPick, excludeIds = [] }: StarsGiftGridProps) {
  const { items, loading } = useDebouncedLoad(() => loadGifts(), '', 0);
  const excluded = new Set(excludeIds.map(String));
  const offered = items.filter((g) => !excluded.has(String(g.id)));

  if (loading)
    return (
      <Flex justify="center" style={{ padding: 12 }}>
        <Spin aria-label="Loading Stars gifts" />
      </Flex>
    );
  if (offered.length === 0)
    return <Typography.Text type="secondary">No Stars gifts available</Typography.Text>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 8 }}>
      {offered.map((gift) => {
        const name = gift.emoji ? `${gift.emoji} gift` : `Gift ${gift.id}`;
        return (
          <Button
            key={gift.id}
            aria-label={`Add ${name} for ${gift.price} Stars`}
            onClick={() => onPick(gift)}
            style={{
              height: 'auto',
              padding: 8,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 4,
            }}
          >
            {gift.thumbnailUrl ? (
              <GiftImage name={name} src={gift.thumbnailUrl} size={48} alt="" />
            ) : (
              <span aria-hidden="true" style={{ fontSize: 32 }}>
                {gift.emoji ?? '🎁'}
              </span>
            )}
            <span>⭐ {gift.price}</span>
          </Button>
        );
      })}
    </div>
  );
}
