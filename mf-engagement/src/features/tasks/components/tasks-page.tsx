import { PageHeader } from '@manager/ui';

export default function TasksPage() {
  return <PageHeader title="Tasks" subtitle="Manage and monitor task completion" />;
}
