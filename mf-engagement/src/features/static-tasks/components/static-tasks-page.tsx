import { PageHeader } from '@manager/ui';

export default function StaticTasksPage() {
  return <PageHeader title="Static Tasks" subtitle="Manage static tasks" />;
}
