import { describe, expect, it } from 'vitest';
import { defaultRewards, type DraftReward } from './rewards-model';
import { expectedPayout } from './expected-payout';

const reward = (chanceText: string, starsValue: number): DraftReward => ({
  id: 1,
  type: 'STARS',
  amount: starsValue,
  chanceText,
  starsValue,
  showInModal: true,
  giftData: null,
});

describe('expectedPayout', () => {
  it('sums chance x Stars value: the new-box defaults pay 156 Stars an opening', () => {
    // 90% of 40 + 10% of 1200 = 36 + 120.
    expect(expectedPayout(defaultRewards(), 156)).toEqual({ payout: '156', exceeds: false });
    expect(expectedPayout(defaultRewards(), 155)).toEqual({ payout: '156', exceeds: true });
  });

  it('is exact where binary floating point is not', () => {
    const thirds = [reward('33.33', 300), reward('33.33', 300), reward('33.34', 300)];
    expect(expectedPayout(thirds, 300)).toEqual({ payout: '300', exceeds: false });
    // 0.1 + 0.2 in floating point is 0.30000000000000004, above 0.3.
    const tenths = [reward('10', 1), reward('20', 1), reward('70', 0)];
    expect(expectedPayout(tenths, 0.3)).toEqual({ payout: '0.3', exceeds: false });
    expect(expectedPayout([reward('0,5', 0.25), reward('99.5', 0)], 0)).toEqual({
      payout: '0.00125',
      exceeds: true,
    });
  });

  it('reads an empty or unreadable chance as 0', () => {
    expect(expectedPayout([reward('', 500), reward('abc', 500), reward('100', 2)], 2).payout).toBe('2');
  });
});
