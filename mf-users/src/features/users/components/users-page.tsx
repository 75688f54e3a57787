import { PageHeader } from '@manager/ui';

export default function UsersPage() {
  return <PageHeader title="Users" />;
}
