import { chanceTotalError, rewardStarsValue } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import {
  addReward,
  chancesValid,
  changeGift,
  changeType,
  defaultRewards,
  expectedValue,
  removeReward,
  toRequestRewards,
  type DraftReward,
} from './rewards-model';

describe('loot box rewards editor', () => {
  it('starts with TON 0.1 at 90% (40) and TON 3 at 10% (1200); adds TON 0.1 at 0% (40)', () => {
    const list = defaultRewards();
    expect(list.map((r) => [r.id, r.type, r.amount, r.chanceText, r.starsValue])).toEqual([
      [1, 'TON', 0.1, '90', 40],
      [2, 'TON', 3, '10', 1200],
    ]);
    expect(addReward(list)[2]).toMatchObject({
      id: 3,
      type: 'TON',
      amount: 0.1,
      chanceText: '0',
      starsValue: 40,
      showInModal: true,
    });
  });

  it('removes only while more than one remains and renumbers from 1', () => {
    const three = addReward(defaultRewards());
    expect(removeReward(three, 1).map((r) => r.id)).toEqual([1, 2]);
    expect(removeReward(three, 1)[0]!.amount).toBe(3);
    const one = removeReward(removeReward(three, 1), 1);
    expect(removeReward(one, 1)).toHaveLength(1);
  });

  it('parses chances with commas and empties, valid at the 0.001 edge', () => {
    const pair = (a: string, b: string): DraftReward[] =>
      defaultRewards().map((r, i) => ({ ...r, chanceText: i ? b : a }));
    expect(chancesValid(pair('89,95', '10,05'))).toBe(true);
    expect(chancesValid(pair('100', ''))).toBe(true);
    expect(chancesValid(pair('89.9', '10'))).toBe(true);
    expect(chancesValid(pair('89.8', '10'))).toBe(false);
    expect(chancesValid(pair('90', '10.2'))).toBe(false);
    expect(chanceTotalError([{ chance: 0.9 }, { chance: 0.05 }])).toBe(
      'Total chance must equal 100% (currently 95%)',
    );
  });

  it('drops gift data when the type changes away from NFT or GIFT; NFT and GIFT have amount 0', () => {
    const base = defaultRewards()[0]!;
    const nft = changeGift(changeType(base, 'NFT'), { name: 'PlushPepe-1', price: 2 });
    expect(nft).toMatchObject({ amount: 0, starsValue: 500 });
    expect(changeType(nft, 'GIFT').giftData).toEqual({ name: 'PlushPepe-1', price: 2 });
    expect(changeType(nft, 'SHOP')).toMatchObject({ giftData: null });
    expect(changeType(nft, 'TON').giftData).toBeNull();
  });

  it('converts stars values by the Stars table of docs/screens.md', () => {
    expect(rewardStarsValue({ type: 'TON', amount: 2, giftData: null })).toBe(500);
    expect(rewardStarsValue({ type: 'STARS', amount: 70, giftData: null })).toBe(70);
    expect(rewardStarsValue({ type: 'NFT', amount: 0, giftData: { price: 3 } })).toBe(750);
    expect(rewardStarsValue({ type: 'GIFT', amount: 0, giftData: { price: 15 } })).toBe(15);
    expect(rewardStarsValue({ type: 'SHOP', amount: 1, giftData: { price: 100, currency: 'STAR' } })).toBe(
      100,
    );
    expect(rewardStarsValue({ type: 'SHOP', amount: 1, giftData: { price: 2, currency: 'TON' } })).toBe(500);
    expect(
      rewardStarsValue({ type: 'SHOP', amount: 1, giftData: { price: 1000, currency: 'RED_CHIP' } }),
    ).toBe(250);
  });

  it('computes expected value and margin, and names reward files by reward id', () => {
    expect(expectedValue(defaultRewards(), 200)).toEqual({ ev: 156, margin: 22 });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const list = [
      defaultRewards()[0]!,
      { ...changeType(defaultRewards()[1]!, 'NFT_FAKE'), giftData: { name: 'Charm' }, file },
    ];
    const { rewards, files } = toRequestRewards(list);
    expect(files).toEqual([{ field: 'nft_fake_2', file }]);
    expect(rewards[1]).toMatchObject({ chance: 0.1, giftData: { name: 'Charm', fileIndex: 2 } });
  });
});
