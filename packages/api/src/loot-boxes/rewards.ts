import { inArray } from 'drizzle-orm';
import { REWARD_FILE_FIELD, type LootBoxReward } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import type { LootBoxRewardJson } from '../db/schema/loot-boxes';
import { shopItems } from '../db/schema/index';
import { badRequest } from '../plugins/envelope';
import type { ImageUpload } from '../plugins/uploads';

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
      if (!(reward.amount > 0)) throw badRequest(`${at}.amount: A ${reward.type} reward needs an amount above 0`);
      return;
    case 'GIFT':
      if (!g || (g.id === undefined && !g.name)) throw badRequest(`${at}.giftData: A GIFT reward needs a Stars gift`);
      return;
    case 'NFT':
    case 'NFT_FAKE':
      if (!g?.name) throw badRequest(`${at}.giftData.name: A ${reward.type} reward needs a gift name`);
      return;
    case 'SHOP':
      if (g?.shopItemId === undefined) throw badRequest(`${at}.giftData.shopItemId: A SHOP reward needs a shop item`);
      return;
  }
}

/**
 * Re-checks what the editor checks (spec section 5 is in the contract schema: chances 0..1
 * summing to 1), plus: ids 1..n in order, gift data matching the type, shop items that
 * exist, and reward files that belong to a reward of their type. Returns the rewards to
 * store, with the files' places filled by `place(field)` once they are stored.
 */
export async function checkRewards(tx: DbOrTx, rewards: LootBoxReward[], files: Record<string, ImageUpload>) {
  rewards.forEach((r, i) => {
    if (r.id !== i + 1) throw badRequest(`rewards.${i}.id: Reward ids must be numbered from 1`);
    checkGiftData(r, `rewards.${i}`);
  });
  const shopIds = rewards.flatMap((r) => (r.type === 'SHOP' && r.giftData?.shopItemId !== undefined ? [r.giftData.shopItemId] : []));
  if (shopIds.length) {
    const found = await tx.select({ id: shopItems.id }).from(shopItems).where(inArray(shopItems.id, shopIds));
    const missing = shopIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest(`rewards: Unknown shop item ${missing.join(', ')}`);
  }
  const targets: Array<{ field: string; reward: number; key: string }> = [];
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
export function toStoredRewards(rewards: LootBoxReward[], urls: Array<{ reward: number; key: string; url: string }>): LootBoxRewardJson[] {
  return rewards.map((r, i) => {
    const giftData: Record<string, unknown> = { ...(r.giftData ?? {}) };
    delete giftData.fileIndex;
    for (const u of urls) if (u.reward === i) giftData[u.key] = u.url;
    const hasGift = r.type !== 'TON' && r.type !== 'STARS' && r.giftData;
    return { id: r.id, type: r.type, amount: r.amount, chance: r.chance, starsValue: r.starsValue, showInModal: r.showInModal, giftData: hasGift ? giftData : null };
  });
}
