import { Flex, Input, Segmented, usePhone } from '@manager/ui';
import { RANGE_LABELS, TYPE_LABELS, type BoardType, type TimeRange } from '../model/leaderboard-request';

interface Props {
  type: BoardType;
  timeRange: TimeRange;
  start: string;
  end: string;
  onType: (v: BoardType) => void;
  onRange: (v: TimeRange) => void;
  onStart: (v: string) => void;
  onEnd: (v: string) => void;
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** Games / Referrals toggle, the time range, and two date inputs for a custom range. */
export function LeaderboardControls(p: Props) {
  // Five ranges do not fit a phone's width in one row: stack them there.
  const phone = usePhone();
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="flex-start">
        <Segmented<BoardType>
          aria-label="Leaderboard type"
          value={p.type}
          onChange={p.onType}
          options={options(TYPE_LABELS)}
        />
        <Segmented<TimeRange>
          aria-label="Time range"
          value={p.timeRange}
          onChange={p.onRange}
          options={options(RANGE_LABELS)}
          vertical={phone}
        />
      </Flex>
      {p.timeRange === 'custom' && (
        <Flex gap={12} wrap>
          <label>
            Start date{' '}
            <Input
              type="date"
              value={p.start}
              max={p.end || undefined}
              onChange={(e) => p.onStart(e.target.value)}
              style={{ width: 170 }}
            />
          </label>
          <label>
            End date{' '}
            <Input
              type="date"
              value={p.end}
              min={p.start || undefined}
              onChange={(e) => p.onEnd(e.target.value)}
              style={{ width: 170 }}
            />
          </label>
        </Flex>
      )}
    </Flex>
  );
}
