import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('business constants', () => {
  it('page sizes', () => {
    expect(c.PAGE_SIZES).toEqual({
      GAMES: 20,
      USERS: 50,
      MARKETPLACE: 20,
      MARKETPLACE_ORDERS: 20,
      PAYMENTS: 20,
      INVENTORY: 20,
      TASKS: 10,
      SHOP_ITEMS: 10,
      WITHDRAWALS: 10,
      GIVEAWAYS: 10,
      SHOP_ORDERS: 15,
      LOOT_BOXES: 20,
      MAILINGS: 20,
      TOURNAMENTS: 20,
    });
  });
  it('limits and timings', () => {
    expect([c.ONLINE_WINDOW_MS, c.METRICS_POLL_MS, c.LEADERBOARD_TOP, c.PAGINATION_WINDOW]).toEqual([
      300_000, 5000, 100, 5,
    ]);
    expect([c.TOTP_DIGITS, c.BACKUP_CODE_MAX_LENGTH, c.IMAGE_UPLOAD_MAX_BYTES]).toEqual([6, 9, 10_485_760]);
    expect([
      c.GIFT_SEARCH_DEBOUNCE_MS,
      c.CHANCE_TOLERANCE,
      c.WEEK_DAYS,
      c.MONTH_DAYS,
      c.SUCCESS_CODE,
    ]).toEqual([300, 0.001, 7, 30, 200]);
    expect(c.ABBREVIATION).toEqual({ THOUSAND: 1e3, MILLION: 1e6, BILLION: 1e9 });
    expect(c.TOAST).toMatchObject({ DEFAULT_MS: 4000, SUCCESS_MS: 3000, MAX_VISIBLE: 20 });
    expect(c.DEFAULT_REWARD_STARS_VALUES).toEqual({ SMALL: 40, LARGE: 1200 });
  });
  it('enumerations', () => {
    expect(c.REWARD_TYPES).toEqual(['TON', 'STARS', 'NFT', 'GIFT', 'NFT_FAKE', 'SHOP']);
    expect(c.CURRENCIES).toEqual(['TON', 'RED_CHIP', 'STAR', 'PLAY']);
    expect(c.SHOP_ORDER_TYPES).toEqual(c.SHOP_TYPES.filter((t) => t !== 'CUSTOM_AVATAR'));
    expect(c.TASK_CATEGORIES).toEqual(['Partners', 'In Game']);
    expect(c.REDIRECT_ACTIONS).toHaveLength(12);
    expect(c.STARS_RATE_BY_SHOP_CURRENCY).toEqual({ STAR: 1, TON: 250, RED_CHIP: 0.25 });
  });
});
