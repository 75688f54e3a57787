import { PageHeader } from '@manager/ui';

export default function ShopOrdersPage() {
  return <PageHeader title="Shop Orders" />;
}
