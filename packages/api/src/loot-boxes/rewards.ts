import { REWARD_FILE_FIELD, type LootBoxReward } from '@manager/contract';
import type { LootBoxRewardJson } from '../db/schema/loot-boxes';
import type { ImageUpload } from '../lib/images';
import { badRequest } from '../lib/envelope';

/** File part prefix -> the reward type it belongs to and the giftData key its URL goes to. */
const FILE_TARGET = {
  nft: { type: 'NFT', key: 'customImageUrl' },
  nft_fake: { type: 'NFT_FAKE', key: 'imageUrl' },
  shop: { type: 'SHOP', key: 'customImageUrl' },
} as const;

/** Only GIFT, NFT, NFT_FAKE and SHOP carry gift data; each names what it gives. */
function checkGiftData(reward: LootBoxReward, at: string) {
  const g = reward.giftData;
  switch (reward.type) {
    case 'TON':
    case 'STARS':
      if (!(reward.amount > 0))
        throw badRequest(`${at}.amount: A ${reward.type} reward needs an amount above 0`);
      return;
    case 'GIFT':
      if (!g || (g.id === undefined && !g.name))
        throw badRequest(`${at}.giftData: A GIFT reward needs a Stars gift`);
      return;
    case 'NFT':
    case 'NFT_FAKE':
      if (!g?.name) throw badRequest(`${at}.giftData.name: A ${reward.type} reward needs a gift name`);
      return;
    case 'SHOP':
      if (g?.shopItemId === undefined)
        throw badRequest(`${at}.giftData.shopItemId: A SHOP reward needs a shop item`);
      return;
  }
}

/**
 * Re-checks what the editor checks (chance rules are in the contract schema: chances 0..1
 * summing to 1), plus: ids 1..n in order and gift data matching the type. Shop items that
 * exist are the repository's check (`checkShopItems`).
 */
export function checkRewards(rewards: LootBoxReward[]): void {
  rewards.forEach((r, i) => {
    if (r.id !== i + 1) throw badRequest(`rewards.${i}.id: Reward ids must be numbered from 1`);
    checkGiftData(r, `rewards.${i}`);
  });
}

/** The shop items SHOP rewards name. */
export const shopItemIdsOf = (rewards: LootBoxReward[]) =>
  rewards.flatMap((r) =>
    r.type === 'SHOP' && r.giftData?.shopItemId !== undefined ? [r.giftData.shopItemId] : [],
  );

interface RewardFile {
  /** The form field of the file (`nft_1`, `shop_2`...). */
  field: string;
  /** The index of the reward it belongs to. */
  reward: number;
  /** The giftData key its stored name goes to. */
  key: string;
}

/** Which reward each file belongs to; a file of no reward of its type is refused (400). */
export function rewardFiles(rewards: LootBoxReward[], files: Record<string, ImageUpload>): RewardFile[] {
  const targets: RewardFile[] = [];
  for (const field of Object.keys(files)) {
    if (field === 'image') continue;
    const match = REWARD_FILE_FIELD.exec(field);
    if (!match) throw badRequest(`${field}: Unexpected file field`);
    const target = FILE_TARGET[match[1] as keyof typeof FILE_TARGET];
    const n = Number(match[2]);
    const reward = rewards.findIndex((r) => r.type === target.type && r.giftData?.fileIndex === n);
    if (reward < 0) throw badRequest(`${field}: No ${target.type} reward has file index ${n}`);
    targets.push({ field, reward, key: target.key });
  }
  return targets;
}

/** The stored shape: no editor-only file indexes, gift data only where the type has some. */
export function toStoredRewards(
  rewards: LootBoxReward[],
  files: RewardFile[],
  names: Partial<Record<string, string>>,
): LootBoxRewardJson[] {
  return rewards.map((r, i) => {
    const giftData: Record<string, unknown> = { ...(r.giftData ?? {}) };
    delete giftData.fileIndex;
    for (const f of files) if (f.reward === i) giftData[f.key] = names[f.field];
    const hasGift = r.type !== 'TON' && r.type !== 'STARS' && r.giftData;
    return {
      id: r.id,
      type: r.type,
      amount: r.amount,
      chance: r.chance,
      starsValue: r.starsValue,
      showInModal: r.showInModal,
      giftData: hasGift ? giftData : null,
    };
  });
}

/** The gift data that says what a reward gives (not how it looks: images, emoji, the modal flag). */
const PAYOUT_GIFT_KEYS = ['id', 'name', 'shopItemId', 'price', 'currency'] as const;

/**
 * What a box's rewards pay out, as comparable text: each reward's type, amount, chance, Stars
 * value and the gift it gives. Two reward lists with the same text give players the same odds
 * of the same things; an edit that changes it needs a step-up.
 */
export function payoutOf(rewards: readonly LootBoxRewardJson[]): string {
  return JSON.stringify(
    rewards.map((r) => {
      const gift = r.giftData ?? {};
      return [r.id, r.type, r.amount, r.chance, r.starsValue, PAYOUT_GIFT_KEYS.map((k) => gift[k] ?? null)];
    }),
  );
}
