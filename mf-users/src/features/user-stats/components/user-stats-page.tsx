import { PageHeader } from '@manager/ui';

export default function UserStatsPage() {
  return <PageHeader title="User Statistics" />;
}
