import { PageHeader } from '@manager/ui';
import { useParams } from 'react-router-dom';

export default function UserDetailPage() {
  const { telegramId } = useParams();
  return <PageHeader title="User detail" subtitle={telegramId} />;
}
