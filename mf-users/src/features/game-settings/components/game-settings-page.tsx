import { PageHeader } from '@manager/ui';

export default function GameSettingsPage() {
  return <PageHeader title="Game Settings" />;
}
