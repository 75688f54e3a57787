import type { Currency, LootBoxReward } from '@manager/contract';
import { badRequest } from './envelope';

/**
 * The largest amount a form may set, by the unit it is counted in (MAX_AMOUNT_TON,
 * MAX_AMOUNT_STARS, MAX_AMOUNT_RED_CHIP, MAX_AMOUNT_PLAY): a task's reward, a shop item's
 * price, a loot box's price and rewards, a giveaway's ticket prices. The contract bounds an
 * amount by what its column holds; this bounds it by what the platform means to pay or charge,
 * so a typo or a stolen session cannot set a reward of a hundred billion.
 */
export type AmountLimits = Record<Currency, number>;

/** How an amount's unit reads in the refusal. */
const UNIT_WORDS: Record<Currency, string> = {
  TON: 'TON',
  STAR: 'Stars',
  RED_CHIP: 'RED_CHIP',
  PLAY: 'PLAY',
};

export interface Amount {
  /** The form field, as the 400 names it (`rewardAmount`, `rewards.2.starsValue`). */
  field: string;
  currency: Currency;
  value: number;
}

/** 400 naming every amount above its unit's limit: `rewardAmount: Must be at most 10000 TON`. */
export function checkAmounts(limits: AmountLimits, amounts: readonly Amount[]): void {
  const over = amounts.filter((a) => a.value > limits[a.currency]);
  if (over.length === 0) return;
  throw badRequest(
    over.map((a) => `${a.field}: Must be at most ${limits[a.currency]} ${UNIT_WORDS[a.currency]}`).join('; '),
  );
}

/** What a loot-box reward's gift price is counted in: an NFT in TON, a Stars gift in Stars, a shop item in its own currency. */
function giftPriceUnit(reward: LootBoxReward): Currency | null {
  if (reward.type === 'NFT') return 'TON';
  if (reward.type === 'GIFT') return 'STAR';
  if (reward.type === 'SHOP') return reward.giftData?.currency ?? null;
  return null;
}

/**
 * A loot box's amounts: its price (Stars), and for each reward its amount (TON for a TON reward;
 * Stars, or a number of items, otherwise), its Stars value and its gift's price.
 */
export function lootBoxAmounts(price: number, rewards: readonly LootBoxReward[]): Amount[] {
  const amounts: Amount[] = [{ field: 'amount', currency: 'STAR', value: price }];
  rewards.forEach((r, i) => {
    amounts.push({
      field: `rewards.${i}.amount`,
      currency: r.type === 'TON' ? 'TON' : 'STAR',
      value: r.amount,
    });
    amounts.push({ field: `rewards.${i}.starsValue`, currency: 'STAR', value: r.starsValue });
    const unit = giftPriceUnit(r);
    if (unit && r.giftData?.price !== undefined)
      amounts.push({ field: `rewards.${i}.giftData.price`, currency: unit, value: r.giftData.price });
  });
  return amounts;
}
