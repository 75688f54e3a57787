import { PageHeader } from '@manager/ui';

export default function SettingsPage() {
  return <PageHeader title="Settings" subtitle="Manage application settings" />;
}
