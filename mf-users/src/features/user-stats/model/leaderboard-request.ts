import type { LeaderboardRequest } from '@manager/contract';
import dayjs from 'dayjs';

export type BoardType = LeaderboardRequest['type'];
export type TimeRange = LeaderboardRequest['timeRange'];

export const TYPE_LABELS: Record<BoardType, string> = { game: 'Games', referral: 'Referrals' };
export const RANGE_LABELS: Record<TimeRange, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  all: 'All Time',
  custom: 'Custom Range',
};

/**
 * The POST body. A custom range sends its dates only when both are set (docs/screens.md), as
 * the start of the first and the end of the last local day, in ISO; until then nothing is sent.
 */
export function buildRequest(
  type: BoardType,
  timeRange: TimeRange,
  start: string,
  end: string,
): LeaderboardRequest | null {
  if (timeRange !== 'custom') return { type, timeRange };
  if (!start || !end) return null;
  return {
    type,
    timeRange,
    customStartDate: dayjs(start).startOf('day').toISOString(),
    customEndDate: dayjs(end).endOf('day').toISOString(),
  };
}
