import { formatDate, ListToolbar, PageHeader } from '@manager/ui';
import { Card, Descriptions, Flex } from '@manager/ui';
import { useLeaderboard } from '../api/get-leaderboard';
import { useLeaderboardView } from '../hooks/use-leaderboard-view';
import { buildRequest, RANGE_LABELS, TYPE_LABELS } from '../model/leaderboard-request';
import { LeaderboardControls } from './leaderboard-controls';
import { LeaderboardTable } from './leaderboard-table';

export default function UserStatsPage() {
  const view = useLeaderboardView();
  const { type, timeRange, start, end } = view;
  const request = buildRequest(type, timeRange, start, end);
  const { data, isFetching } = useLeaderboard(request);
  // A custom range without both dates shows nothing rather than the previous range's answer.
  const board = request ? data : null;
  const rangeText =
    timeRange === 'custom' && start && end
      ? `${formatDate(start)} - ${formatDate(end)}`
      : RANGE_LABELS[timeRange];

  return (
    <Flex vertical gap={16}>
      <PageHeader title="User Statistics" />
      <Card size="small">
        {/* Not paged (the top 100): the toggles are the list's filters; no search, sort or Rows per page. */}
        <ListToolbar
          filters={
            <LeaderboardControls
              type={type}
              timeRange={timeRange}
              start={start}
              end={end}
              onType={view.setType}
              onRange={view.setTimeRange}
              onStart={view.setStart}
              onEnd={view.setEnd}
            />
          }
          onClear={view.clear}
          filtered={view.filtered}
        />
      </Card>
      <Card size="small" title="Summary" role="region" aria-label="Summary">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'participants', label: 'Total Participants', children: board?.totalParticipants ?? 0 },
            { key: 'type', label: 'Type', children: TYPE_LABELS[type] },
            { key: 'range', label: 'Time Range', children: rangeText },
          ]}
        />
      </Card>
      <LeaderboardTable
        type={type}
        rows={board?.top100 ?? []}
        loading={isFetching}
        filtered={view.filtered}
        onClear={view.clear}
      />
    </Flex>
  );
}
