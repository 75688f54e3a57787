import { calls } from '@manager/contract';
import { listPager, useCsvExport } from '@manager/platform';
import { ExportCsvButton, ListToolbar, Pagination, SearchBox } from '@manager/ui';
import { FilterOutlined } from '@manager/ui';
import { Badge, Button, Flex, usePhone } from '@manager/ui';
import { useState } from 'react';
import type { PaymentKind } from '../api/get-payments';
import { usePaymentFilters } from '../hooks/use-payment-filters';
import { PaymentFiltersPanel } from './payment-filters';
import { PaymentList } from './payment-list';
import { PaymentStatsCards } from './payment-stats';

/** One tab of the deposits screen: search, collapsible filters, stats, list, pagination. */
export function PaymentsTab({ kind }: { kind: PaymentKind }) {
  const f = usePaymentFilters(kind);
  const { list, view } = f;
  const exporter = useCsvExport(
    kind === 'ton' ? calls.exportTonPayments : calls.exportStarsPayments,
    f.params,
  );
  // A link that carries filters opens with the panel showing them.
  const [open, setOpen] = useState(() => f.active > 0);
  const phone = usePhone();
  const digits = kind === 'ton' ? 2 : 0;
  return (
    <Flex vertical gap={16}>
      <ListToolbar
        search={
          <SearchBox
            label="Search payments"
            placeholder="Search by user or transaction..."
            value={list.search}
            onChange={list.setSearch}
          />
        }
        filters={
          <Badge count={f.active} size="small">
            <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
              {open ? 'Hide filters' : 'Show filters'}
            </Button>
          </Badge>
        }
        onClear={f.clearAll}
        filtered={f.filtered}
        actions={<ExportCsvButton export={exporter} expectedRows={view.total} />}
      />
      {open && (
        <PaymentFiltersPanel
          kind={kind}
          filters={f.filters}
          onChange={f.setFilter}
          onClear={f.clearFilters}
        />
      )}
      {view.stats && (
        <PaymentStatsCards
          stats={view.stats}
          digits={digits}
          unit={kind === 'ton' ? 'TON' : 'Stars'}
          loading={f.counting}
        />
      )}
      <PaymentList
        kind={kind}
        rows={view.rows}
        loading={f.loading}
        phone={phone}
        filtered={f.filtered}
        onClear={f.clearAll}
      />
      <Pagination {...listPager(list, view)} />
    </Flex>
  );
}
