import { PageHeader } from '@manager/ui';

export default function MarketplaceItemsPage() {
  return <PageHeader title="Marketplace" />;
}
