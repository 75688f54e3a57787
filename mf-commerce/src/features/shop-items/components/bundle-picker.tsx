import type { ShopItem } from '@manager/contract';
import { Checkbox, Flex, Typography } from '@manager/ui';

/** Items a NOOB_PACK may bundle: never another NOOB_PACK, never the pack itself. */
export const bundleCandidates = (items: ShopItem[], selfId?: number) =>
  items.filter((i) => i.type !== 'NOOB_PACK' && i.id !== selfId);

interface BundlePickerProps {
  candidates: ShopItem[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
}

/** A labelled checkbox list of the items to bundle into a NOOB_PACK. */
export function BundlePicker({ candidates, value = [], onChange, disabled }: BundlePickerProps) {
  if (candidates.length === 0)
    return <Typography.Text type="secondary">No items available for bundling</Typography.Text>;
  return (
    <Checkbox.Group
      value={value}
      onChange={(ids) => onChange?.(ids as number[])}
      disabled={disabled}
      style={{ width: '100%' }}
    >
      <Flex
        vertical
        gap={4}
        style={{ maxHeight: 200, overflowY: 'auto', width: '100%' }}
        role="group"
        aria-label="Bundle items"
      >
        {candidates.map((c) => (
          <Checkbox key={c.id} value={c.id}>
            {c.titleEn} <Typography.Text type="secondary">({c.type})</Typography.Text>
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}
