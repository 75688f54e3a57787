import { PageHeader } from '@manager/ui';

export default function MarketplaceOrdersPage() {
  return <PageHeader title="Marketplace Orders" />;
}
