import { PageHeader } from '@manager/ui';

export default function TournamentsPage() {
  return <PageHeader title="Tournaments" />;
}
