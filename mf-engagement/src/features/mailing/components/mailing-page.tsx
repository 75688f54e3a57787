import { PageHeader } from '@manager/ui';

export default function MailingPage() {
  return <PageHeader title="Mailing" />;
}
