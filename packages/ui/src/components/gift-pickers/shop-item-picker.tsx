import { Flex, Input, Typography } from '../../antd.ts';
import { useId, useState } from 'react';
import type { ShopItem } from '@manager/contract';
import { GiftImage } from '../gift-image.tsx';
import { PickRow } from './pick-row.tsx';

interface ShopItemPickerProps {
  /** The shop items to offer (the remote loads them). */
  items: ShopItem[];
  onPick: (item: ShopItem) => void;
  /** Ids already selected: never offered again. */
  excludeIds?: ReadonlyArray<number>;
  /** The picture URL of an item (uploads base + thumbUrl); a placeholder covers errors. */
  imageUrl?: (item: ShopItem) => string | null;
  label?: string;
}

/** Searchable list of shop items (loot-box SHOP rewards). */
export function ShopItemPicker({
  items,
  onPick,
  excludeIds = [],
  imageUrl,
  label = 'Search shop items',
}: ShopItemPickerProps) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const offered = items.filter(
    (i) =>
      !excludeIds.includes(i.id) &&
      (!q || i.titleEn.toLowerCase().includes(q) || i.titleRu.toLowerCase().includes(q)),
  );
  return (
    <Flex vertical gap={8}>
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        value={search}
        placeholder="Search items..."
        allowClear
        onChange={(e) => setSearch(e.target.value)}
      />
      {offered.length === 0 ? (
        <Typography.Text type="secondary">
          {q ? `No items found for "${search.trim()}"` : 'No items available'}
        </Typography.Text>
      ) : (
        <ul
          aria-label="Shop item results"
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}
        >
          {offered.map((item) => (
            <PickRow
              key={item.id}
              image={<GiftImage name={item.titleEn} src={imageUrl?.(item) ?? null} size={36} alt="" />}
              title={item.titleEn}
              detail={`${item.type} · ${item.price} ${item.currency}`}
              onPick={() => onPick(item)}
            />
          ))}
        </ul>
      )}
    </Flex>
  );
}
