import { PageHeader } from '@manager/ui';

export default function MarketplaceSettingsPage() {
  return <PageHeader title="Marketplace Settings" />;
}
