import { PageHeader } from '@manager/ui';

export default function LootBoxesPage() {
  return <PageHeader title="Loot Boxes" />;
}
