import { calls } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { ErrorState, PageHeader, StatRow, formatDecimals } from '@manager/ui';
import { useQuery } from '@tanstack/react-query';

/**
 * The players' balances in each currency, from the console's dashboard call: a page built only
 * from the console's published packages (contract, platform, ui).
 */
export default function BalancesPage() {
  const stats = useQuery({
    queryKey: ['outside', 'dashboard-stats'],
    queryFn: () => fetchData(calls.dashboardStats, { error: 'Failed to load the balances' }),
  });
  const total = (value: number | undefined) => formatDecimals(value ?? 0, 2);
  return (
    <>
      <PageHeader title="Balances at a glance" subtitle="What the players hold, in each currency" />
      {stats.isError ? (
        <ErrorState message={stats.error.message} onRetry={() => void stats.refetch()} />
      ) : (
        <StatRow
          cards={[
            { title: 'Total TON', value: total(stats.data?.totalTon), loading: stats.isPending },
            { title: 'Total Stars', value: total(stats.data?.totalStars), loading: stats.isPending },
            { title: 'Total Red Chip', value: total(stats.data?.totalRedChip), loading: stats.isPending },
          ]}
        />
      )}
    </>
  );
}
