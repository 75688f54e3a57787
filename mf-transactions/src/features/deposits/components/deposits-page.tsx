import { useQueryWriter } from '@manager/platform';
import { PageHeader } from '@manager/ui';
import { Tabs } from '@manager/ui';
import type { PaymentKind } from '../api/get-payments';
import { PaymentsTab } from './payments-tab';

/**
 * View only (docs/screens.md): TON and Stars deposits, each tab with its own filters. The tab
 * is in the URL (`tab=stars`; TON is the default and stays out), a tab switch is a history
 * entry, and each tab's search, filters and page stay under its own prefix while the other shows.
 */
export default function DepositsPage() {
  const { params, write } = useQueryWriter();
  const tab: PaymentKind = params.get('tab') === 'stars' ? 'stars' : 'ton';
  const choose = (key: string) =>
    write((next) => {
      if (key === 'stars') next.set('tab', key);
      else next.delete('tab');
    });
  return (
    <>
      <PageHeader title="Deposits" />
      <Tabs
        destroyOnHidden
        activeKey={tab}
        onChange={choose}
        items={[
          { key: 'ton', label: 'TON Payments', children: <PaymentsTab kind="ton" /> },
          { key: 'stars', label: 'Stars Payments', children: <PaymentsTab kind="stars" /> },
        ]}
      />
    </>
  );
}
