import { PageHeader } from '@manager/ui';
import { Tabs } from '@manager/ui';
import { PaymentsTab } from './payments-tab';

/** View only (docs/screens.md): TON and Stars deposits, each tab with its own filters. */
export default function DepositsPage() {
  return (
    <>
      <PageHeader title="Deposits" />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'ton', label: 'TON Payments', children: <PaymentsTab kind="ton" /> },
          { key: 'stars', label: 'Stars Payments', children: <PaymentsTab kind="stars" /> },
        ]}
      />
    </>
  );
}
