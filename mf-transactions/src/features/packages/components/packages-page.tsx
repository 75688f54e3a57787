import { PageHeader } from '@manager/ui';

export default function PackagesPage() {
  return <PageHeader title="Packages" />;
}
