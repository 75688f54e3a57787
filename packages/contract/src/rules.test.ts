import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  apiPath,
  buildPath,
  calls,
  chanceTotalError,
  giveawayStatus,
  isChanceTotalValid,
  loginRequestSchema,
  lootBoxBodySchema,
  percentTextToChance,
  rewardStarsValue,
  successRate,
  tournamentStatus,
  type CallBody,
  type CallData,
  type CallQuery,
  type UsersResponse,
} from './index.ts';

const reward = (id: number, chance: number) => ({
  id,
  type: 'TON' as const,
  amount: 0.1,
  chance,
  starsValue: 40,
  showInModal: true,
});

describe('loot box chances', () => {
  it('accepts sums within 0.001 of 100% and rejects others', () => {
    expect(isChanceTotalValid([reward(1, 0.9), reward(2, 0.1)])).toBe(true);
    expect(isChanceTotalValid([reward(1, 0.9), reward(2, 0.1009)])).toBe(true);
    expect(isChanceTotalValid([reward(1, 0.9), reward(2, 0.05)])).toBe(false);
    expect(chanceTotalError([reward(1, 0.9), reward(2, 0.05)])).toBe(
      'Total chance must equal 100% (currently 95%)',
    );
  });
  it('reads percent text with decimal commas; empty is 0', () => {
    expect(percentTextToChance('12,5')).toBeCloseTo(0.125);
    expect(percentTextToChance('')).toBe(0);
  });
  it('validates the multipart body, rewards given as JSON text', () => {
    const ok = lootBoxBodySchema.safeParse({
      name: 'Box',
      amount: '100',
      rewards: JSON.stringify([reward(1, 1)]),
    });
    expect(ok.success).toBe(true);
    const bad = lootBoxBodySchema.safeParse({
      name: 'Box',
      amount: '100',
      rewards: JSON.stringify([reward(1, 0.5)]),
    });
    expect(bad.error?.issues[0]?.message).toBe('Total chance must equal 100%');
  });
  it('converts rewards to Stars with the documented rates', () => {
    expect(rewardStarsValue({ type: 'TON', amount: 3 })).toBe(750);
    expect(rewardStarsValue({ type: 'NFT', amount: 0, giftData: { price: 2 } })).toBe(500);
    expect(
      rewardStarsValue({ type: 'SHOP', amount: 1, giftData: { price: 100, currency: 'RED_CHIP' } }),
    ).toBe(25);
    expect(rewardStarsValue({ type: 'NFT_FAKE', amount: 1 })).toBeNull();
  });
});

describe('derived states', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it('giveaway: Expired wins over the status flag', () => {
    expect(giveawayStatus({ expiredDate: '2026-05-01T00:00:00Z', status: true }, now)).toBe('Expired');
    expect(giveawayStatus({ expiredDate: '2026-07-01T00:00:00Z', status: false }, now)).toBe('Inactive');
  });
  it('tournament: Live, Expired, No date', () => {
    expect(tournamentStatus('2026-07-01T00:00', now)).toBe('Live');
    expect(tournamentStatus(null, now)).toBe('No date');
  });
  it('success rate has one decimal and no division by zero', () => {
    expect(successRate({ completedCount: 2, pendingCount: 1 })).toBe(66.7);
    expect(successRate({ completedCount: 0, pendingCount: 0 })).toBe(0);
  });
});

describe('calls', () => {
  it('builds paths and prefixes /manager like the client does', () => {
    expect(buildPath(calls.userDetail.path, { telegramId: 42 })).toBe('/users/42');
    expect(() => buildPath(calls.deleteTask.path)).toThrow('Missing path parameter id');
    expect(apiPath(calls.metrics.path)).toBe('/manager/metrics');
    expect(apiPath(calls.login.path)).toBe('/auth/login');
  });
  it('has one entry per method and path, and validates the server side of a call', () => {
    const keys = Object.values(calls).map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(calls.users.query.parse({ limit: '5' })).toMatchObject({ page: 1, limit: 5 });
    expect(calls.login.body.safeParse({ identifier: '', password: 'x' }).success).toBe(false);
  });
  it('types what a call sends and gets, for typed fetchers', () => {
    expectTypeOf<CallData<typeof calls.users>>().toEqualTypeOf<UsersResponse>();
    expectTypeOf<CallData<typeof calls.deleteTask>>().toEqualTypeOf<null>();
    expectTypeOf<CallQuery<typeof calls.users>>().toHaveProperty('search');
    expectTypeOf<CallBody<typeof calls.login>>().toEqualTypeOf<z.input<typeof loginRequestSchema>>();
  });
});
