import { PageHeader } from '@manager/ui';

export default function DepositsPage() {
  return <PageHeader title="Deposits" />;
}
