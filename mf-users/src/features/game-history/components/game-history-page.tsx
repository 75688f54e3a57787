import { PageHeader } from '@manager/ui';

export default function GameHistoryPage() {
  return <PageHeader title="Game History" />;
}
