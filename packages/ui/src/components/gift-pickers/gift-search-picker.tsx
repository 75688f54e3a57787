import { useId, useState } from 'react';
import { Flex, Input, Spin, Typography } from '../../antd.ts';
import type { InventoryGift } from '@manager/contract';
import { GiftImage } from '../gift-image.tsx';
import { PickRow } from './pick-row.tsx';
import { useDebouncedLoad } from './use-debounced-load.ts';

/** docs/screens.md: gift search debounce. */
const DEBOUNCE_MS = 300;

interface GiftSearchPickerProps {
  /** Fetches inventory gifts for a search text (the remote passes its API call). */
  loadGifts: (search: string) => Promise<InventoryGift[]>;
  onPick: (gift: InventoryGift) => void;
  /** Ids already selected: never offered again. */
  excludeIds?: ReadonlyArray<number | string>;
  /** NFT image host, used when a gift has no thumbnail of its own. */
  imageBaseUrl?: string;
  label?: string;
}

/** Inventory gift search (giveaways, loot-box NFT rewards) with debounced loading. */
export function GiftSearchPicker({
  loadGifts,
  onPick,
  excludeIds = [],
  imageBaseUrl,
  label = 'Search gifts',
}: GiftSearchPickerProps) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const { items, loading, loadedKey } = useDebouncedLoad(loadGifts, search.trim(), DEBOUNCE_MS);
  const excluded = new Set(excludeIds.map(String));
  const offered = items.filter((g) => !excluded.has(String(g.id)));

  return (
    <Flex vertical gap={8}>
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        value={search}
        placeholder="Search gifts..."
        allowClear
        onChange={(e) => setSearch(e.target.value)}
      />
      {loading || loadedKey === null ? (
        <Flex justify="center" style={{ padding: 12 }}>
          <Spin aria-label="Loading gifts" />
        </Flex>
      ) : offered.length === 0 ? (
        <Typography.Text type="secondary">
          {loadedKey ? `No gifts found for "${loadedKey}"` : 'No gifts available'}
        </Typography.Text>
      ) : (
        <ul
          aria-label="Gift results"
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}
        >
          {offered.map((gift) => (
            <PickRow
              key={gift.id}
              image={<GiftImage name={gift.name} src={gift.modelThumbUrl} baseUrl={imageBaseUrl} size={36} />}
              title={gift.name}
              detail={`${gift.price} TON`}
              onPick={() => onPick(gift)}
            />
          ))}
        </ul>
      )}
    </Flex>
  );
}
