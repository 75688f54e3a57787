import { PageHeader } from '@manager/ui';

export default function ShopSettingsPage() {
  return <PageHeader title="Shop Settings" />;
}
