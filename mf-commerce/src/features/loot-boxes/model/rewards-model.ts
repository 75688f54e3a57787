import {
  DEFAULT_REWARD_STARS_VALUES,
  isChanceTotalValid,
  percentTextToChance,
  rewardStarsValue,
  type GiftData,
  type LootBoxReward,
  type RewardType,
} from '@manager/contract';

/** A reward as the editor holds it: chance as the typed percent text, an optional custom image. */
export interface DraftReward {
  id: number;
  type: RewardType;
  amount: number;
  chanceText: string;
  starsValue: number;
  showInModal: boolean;
  giftData: GiftData | null;
  /** Custom picture for NFT, NFT_FAKE and SHOP rewards, sent as nft_{n} / nft_fake_{n} / shop_{n}. */
  file?: File | null;
}

const reward = (id: number, amount: number, chanceText: string, starsValue: number): DraftReward => ({
  id,
  type: 'TON',
  amount,
  chanceText,
  starsValue,
  showInModal: true,
  giftData: null,
});

/** docs/screens.md: a new box starts with TON 0.1 at 90% (40 Stars) and TON 3 at 10% (1200 Stars). */
export const defaultRewards = (): DraftReward[] => [
  reward(1, 0.1, '90', DEFAULT_REWARD_STARS_VALUES.SMALL),
  reward(2, 3, '10', DEFAULT_REWARD_STARS_VALUES.LARGE),
];

const renumber = (list: DraftReward[]) => list.map((r, i) => ({ ...r, id: i + 1 }));

/** Added rewards are TON 0.1, chance 0, 40 Stars, shown in the modal. */
export const addReward = (list: DraftReward[]) => [
  ...list,
  reward(list.length + 1, 0.1, '0', DEFAULT_REWARD_STARS_VALUES.SMALL),
];

/** The last reward cannot go; ids are renumbered from 1. */
export const removeReward = (list: DraftReward[], id: number) =>
  list.length > 1 ? renumber(list.filter((r) => r.id !== id)) : list;

/** Stars value by the Stars table (docs/screens.md) when it can be computed; otherwise the one entered stays. */
const withStars = (r: DraftReward): DraftReward => ({
  ...r,
  starsValue: rewardStarsValue(r) ?? r.starsValue,
});

/**
 * A new type keeps gift data only for NFT and GIFT (docs/screens.md: other types drop it) and
 * NFT and GIFT give no amount. The dropped data includes the picked custom image.
 */
export function changeType(r: DraftReward, type: RewardType): DraftReward {
  const keepsGift = type === 'NFT' || type === 'GIFT';
  return withStars({
    ...r,
    type,
    amount: keepsGift ? 0 : r.amount,
    giftData: keepsGift ? r.giftData : null,
    file: keepsGift ? r.file : null,
  });
}

export const changeAmount = (r: DraftReward, amount: number) => withStars({ ...r, amount });
export const changeGift = (r: DraftReward, giftData: GiftData | null) => withStars({ ...r, giftData });

export const chanceOf = (r: DraftReward) => percentTextToChance(r.chanceText);
export const chancesValid = (list: DraftReward[]) =>
  isChanceTotalValid(list.map((r) => ({ chance: chanceOf(r) })));

/** Expected Stars value of one opening and the house margin against the box price. */
export function expectedValue(list: DraftReward[], price: number) {
  const ev = list.reduce(
    (sum, r) => sum + chanceOf(r) * (Number.isFinite(r.starsValue) ? r.starsValue : 0),
    0,
  );
  const margin = price > 0 ? ((price - ev) / price) * 100 : null;
  return { ev, margin };
}

const FILE_PREFIX: Partial<Record<RewardType, string>> = { NFT: 'nft', NFT_FAKE: 'nft_fake', SHOP: 'shop' };

/** The rewards JSON and the reward files of the multipart body; a file's n is its reward id. */
export function toRequestRewards(list: DraftReward[]): {
  rewards: LootBoxReward[];
  files: Array<{ field: string; file: File }>;
} {
  const files: Array<{ field: string; file: File }> = [];
  const rewards = list.map((r) => {
    const prefix = FILE_PREFIX[r.type];
    let giftData = r.giftData ? { ...r.giftData } : null;
    delete giftData?.fileIndex;
    if (prefix && r.file) {
      files.push({ field: `${prefix}_${r.id}`, file: r.file });
      giftData = { ...(giftData ?? {}), fileIndex: r.id };
    }
    return {
      id: r.id,
      type: r.type,
      amount: r.amount,
      chance: chanceOf(r),
      starsValue: r.starsValue,
      showInModal: r.showInModal,
      giftData,
    };
  });
  return { rewards, files };
}

/** A stored reward back into the editor (chance shown as percent). */
export const toDraft = (r: LootBoxReward): DraftReward => ({
  id: r.id,
  type: r.type,
  amount: r.amount,
  chanceText: String(Number((r.chance * 100).toFixed(4))),
  starsValue: r.starsValue,
  showInModal: r.showInModal,
  giftData: r.giftData ?? null,
});
