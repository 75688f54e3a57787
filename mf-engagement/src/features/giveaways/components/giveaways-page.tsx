import { PageHeader } from '@manager/ui';

export default function GiveawaysPage() {
  return <PageHeader title="Giveaways" subtitle="Manage and monitor giveaway campaigns" />;
}
