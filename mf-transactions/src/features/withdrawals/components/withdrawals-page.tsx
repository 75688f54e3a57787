import { PageHeader } from '@manager/ui';

export default function WithdrawalsPage() {
  return <PageHeader title="Withdrawals" />;
}
