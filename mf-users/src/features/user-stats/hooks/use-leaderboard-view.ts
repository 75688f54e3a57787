import { useListState, useQueryWriter } from '@manager/platform';
import dayjs from 'dayjs';
import type { BoardType, TimeRange } from '../model/leaderboard-request';

/** The top 100 is the leaderboard's one page; the first value of each filter is the default. */
const LEADERBOARD = {
  pageSize: 100,
  filters: { type: ['game', 'referral'], range: ['all', 'day', 'week', 'month', 'custom'] },
} as const;

/** A `yyyy-mm-dd` of the address, or '' for anything else (a stale or edited link). */
const readDate = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() ? value : '';

/**
 * The leaderboard's type, time range and custom dates, kept in the URL
 * (`?type=referral&range=custom&start=2026-01-01&end=2026-01-31`) so a reload or a shared link
 * shows the same board. Type and range are the list hook's filters (each change a history
 * entry). A date input reports every edited segment, so a date edit replaces the entry when
 * that entry is itself a date edit's: editing the dates adds one entry. The dates stay while
 * another range is shown, as the inputs keep them when Custom Range is chosen again.
 */
export function useLeaderboardView() {
  const list = useListState(LEADERBOARD);
  const { params, write } = useQueryWriter();
  // Both dates are one kind of edit: picking a start and an end is one history entry.
  const setDate = (name: 'start' | 'end', value: string) =>
    write(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
      },
      { edit: 'dates' },
    );
  return {
    // The hook reads only the values LEADERBOARD lists.
    type: list.filters.type as BoardType,
    timeRange: list.filters.range as TimeRange,
    start: readDate(params.get('start')),
    end: readDate(params.get('end')),
    setType: (value: BoardType) => list.setFilter('type', value),
    setTimeRange: (value: TimeRange) => list.setFilter('range', value),
    setStart: (value: string) => setDate('start', value),
    setEnd: (value: string) => setDate('end', value),
    /** True while the type or the range is not the default (Games, All Time). */
    filtered: list.filtered,
    /** Back to Games and All Time, the custom dates dropped: one history entry. */
    clear: () =>
      write((next) => {
        for (const name of ['type', 'range', 'start', 'end']) next.delete(name);
      }),
  };
}
