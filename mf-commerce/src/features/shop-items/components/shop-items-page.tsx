import { PageHeader } from '@manager/ui';

export default function ShopItemsPage() {
  return <PageHeader title="Shop" />;
}
