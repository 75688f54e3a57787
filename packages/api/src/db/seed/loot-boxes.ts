import type { LootBoxRewardJson, lootBoxes } from '../schema/loot-boxes';
import type { shopItems } from '../schema/shop';
import type { starsGifts } from '../schema/inventory';
import { GIFT_COLLECTIONS, giftSlug } from './reference-data';
import { rngFor } from './random';
import { DAY, Timeline } from './timeline';

const LOOT_DOMAIN = 6;
const NAMES = [
  'Starter Box',
  'Lucky Box',
  'Gift Box',
  'Golden Chest',
  'NFT Hunter',
  'Mystery Crate',
  'Whale Box',
  'Holiday Box',
];
const PRICES = [50, 100, 250, 500, 1000, 2500, 5000, 350];
const SHOP_STARS_RATE: Record<string, number> = { STAR: 1, TON: 250, RED_CHIP: 0.25 };

type ShopItem = typeof shopItems.$inferInsert;
type StarsGift = typeof starsGifts.$inferInsert;

/**
 * Loot boxes whose rewards follow the contract's rules: chances are whole per-mille values summing
 * to exactly 1000 (so to 1), and each reward's starsValue follows the conversion table.
 */
export function buildLootBoxes(
  time: Timeline,
  shop: ShopItem[],
  gifts: StarsGift[],
): Array<typeof lootBoxes.$inferInsert> {
  const { f } = rngFor(LOOT_DOMAIN);
  const shopCandidates = shop.filter((s) => s.currency !== 'PLAY' && s.type !== 'NOOB_PACK');
  return NAMES.map((name, k) => {
    const price = PRICES[k]!;
    const rewards: Array<Omit<LootBoxRewardJson, 'id' | 'chance'>> = [
      { type: 'TON', amount: 0.1, starsValue: 25, showInModal: true },
      { type: 'STARS', amount: Math.round(price / 2), starsValue: Math.round(price / 2), showInModal: true },
    ];
    const gift = f.helpers.arrayElement(gifts);
    rewards.push({
      type: 'GIFT',
      amount: 0,
      starsValue: gift.price,
      showInModal: true,
      giftData: {
        id: gift.id,
        name: `${gift.emoji} gift`,
        emoji: gift.emoji,
        thumbnailUrl: gift.thumbnailUrl,
        price: gift.price,
      },
    });
    const item = f.helpers.arrayElement(shopCandidates);
    const itemPrice = Number(item.price);
    rewards.push({
      type: 'SHOP',
      amount: 1,
      starsValue: itemPrice * (SHOP_STARS_RATE[item.currency] ?? 1),
      showInModal: true,
      giftData: {
        shopItemId: item.id,
        name: item.titleEn,
        thumbUrl: item.thumbUrl,
        customImageUrl: '',
        price: itemPrice,
        currency: item.currency,
      },
    });
    if (k % 2 === 0)
      rewards.push({
        type: 'NFT_FAKE',
        amount: 0,
        starsValue: 10,
        showInModal: true,
        giftData: { name: 'Lucky Charm', imageUrl: '' },
      });
    const nft = f.helpers.arrayElement(GIFT_COLLECTIONS.slice(20));
    rewards.push({
      type: 'NFT',
      amount: 0,
      starsValue: nft.price * 250,
      showInModal: true,
      giftData: {
        name: giftSlug(nft.name, f.number.int({ min: 1, max: 90_000 })),
        customImageUrl: '',
        price: nft.price,
      },
    });
    rewards.push({ type: 'TON', amount: 3, starsValue: 750, showInModal: true });
    return {
      id: k + 1,
      name,
      amount: price,
      imageUrl: '',
      isActive: k < 6,
      rewards: withChances(rewards, f.number.int({ min: 450, max: 700 })),
      createdAt: new Date(time.now - (NAMES.length - k) * 11 * DAY),
    };
  });
}

/** The first reward takes `common` per mille; the rest share the remainder, rarer as they go. */
function withChances(
  rewards: Array<Omit<LootBoxRewardJson, 'id' | 'chance'>>,
  common: number,
): LootBoxRewardJson[] {
  const rest = rewards.length - 1;
  const weights = Array.from({ length: rest }, (_, k) => rest - k);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.max(1, Math.floor(((1000 - common) * w) / weightSum)));
  const first = 1000 - shares.reduce((a, b) => a + b, 0);
  return rewards.map((r, k) => ({ ...r, id: k + 1, chance: (k === 0 ? first : shares[k - 1]!) / 1000 }));
}
