import { describe, expect, it } from 'vitest';
import { buildRequest } from './leaderboard-request';

describe('leaderboard request', () => {
  it('sends no dates for the fixed ranges', () => {
    expect(buildRequest('game', 'week', '2024-01-01', '2024-01-02')).toEqual({
      type: 'game',
      timeRange: 'week',
    });
  });
  it('sends a custom range only when both dates are set', () => {
    expect(buildRequest('referral', 'custom', '2024-01-01', '')).toBeNull();
    expect(buildRequest('referral', 'custom', '', '2024-01-01')).toBeNull();
    const req = buildRequest('referral', 'custom', '2024-01-01', '2024-01-31');
    expect(req?.customStartDate && new Date(req.customStartDate).getDate()).toBe(1);
    expect(req?.customEndDate && new Date(req.customEndDate).getDate()).toBe(31);
  });
});
