import type { GiftData } from '@manager/contract';
import { getRuntimeConfig, uploadUrl } from '@manager/platform';
import { GiftSearchPicker, ShopItemPicker, StarsGiftGrid } from '@manager/ui';
import { Modal } from '@manager/ui';
import { loadLootBoxInventoryGifts, loadStarsGifts, useRewardShopItems } from '../api/gift-sources';

export type PickerKind = 'NFT' | 'GIFT' | 'SHOP';
const TITLES: Record<PickerKind, string> = {
  NFT: 'Choose NFT gift',
  GIFT: 'Choose Stars gift',
  SHOP: 'Choose shop item',
};

interface RewardGiftPickerProps {
  kind: PickerKind | null;
  /** Gifts other rewards already give: not offered again. */
  excludeIds: Array<number | string>;
  onPick: (giftData: GiftData) => void;
  onClose: () => void;
}

/** The modal to pick an NFT (loot-box inventory account), a Stars gift or a shop item. */
export function RewardGiftPicker({ kind, excludeIds, onPick, onClose }: RewardGiftPickerProps) {
  const shop = useRewardShopItems();
  return (
    <Modal
      open={kind !== null}
      title={kind ? TITLES[kind] : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {kind === 'NFT' && (
        <GiftSearchPicker
          label="Search inventory gifts"
          loadGifts={loadLootBoxInventoryGifts}
          excludeIds={excludeIds}
          imageBaseUrl={getRuntimeConfig().nftImageBaseUrl}
          onPick={(g) => onPick({ id: g.id, name: g.name, price: g.price, imageUrl: g.modelThumbUrl })}
        />
      )}
      {kind === 'GIFT' && (
        <StarsGiftGrid
          loadGifts={loadStarsGifts}
          excludeIds={excludeIds}
          onPick={(g) =>
            onPick({
              id: g.id,
              name: g.emoji ? `${g.emoji} gift` : `Gift ${g.id}`,
              emoji: g.emoji,
              thumbnailUrl: g.thumbnailUrl,
              price: g.price,
            })
          }
        />
      )}
      {kind === 'SHOP' && (
        <ShopItemPicker
          items={shop.data ?? []}
          excludeIds={excludeIds.filter((id): id is number => typeof id === 'number')}
          imageUrl={(i) => uploadUrl(i.thumbUrl ?? i.photoUrl)}
          onPick={(i) =>
            onPick({
              shopItemId: i.id,
              name: i.titleEn,
              thumbUrl: i.thumbUrl,
              price: i.price,
              currency: i.currency,
            })
          }
        />
      )}
    </Modal>
  );
}
