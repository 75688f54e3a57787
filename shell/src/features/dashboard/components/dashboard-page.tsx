import { EmptyState, ErrorState, LoadingState, PageHeader } from '@manager/ui';
import { Flex } from '@manager/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardStats } from '../hooks/use-dashboard-stats';
import { DashboardCards } from './dashboard-cards';
import { DashboardTables } from './dashboard-tables';

export function DashboardPage() {
  const { data, error, isPending, refetch } = useDashboardStats();
  useDocumentTitle('Dashboard');

  let content;
  if (isPending) {
    content = <LoadingState title="Loading Dashboard" text="Fetching platform statistics..." />;
  } else if (error) {
    content = <ErrorState message={error.message} onRetry={() => void refetch()} />;
  } else if (!data) {
    content = <EmptyState title="No data available" />;
  } else {
    content = (
      <Flex vertical gap={16}>
        <DashboardCards stats={data} />
        <DashboardTables stats={data} />
      </Flex>
    );
  }

  return (
    <>
      <PageHeader title="Dashboard" />
      {content}
    </>
  );
}
