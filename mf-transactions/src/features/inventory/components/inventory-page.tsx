import { PageHeader } from '@manager/ui';

export default function InventoryPage() {
  return <PageHeader title="Inventory" />;
}
