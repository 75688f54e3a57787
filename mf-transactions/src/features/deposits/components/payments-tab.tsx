import { PAGE_SIZES } from '@manager/contract';
import { Pagination, SearchBox } from '@manager/ui';
import { FilterOutlined } from '@manager/ui';
import { Badge, Button, Flex, usePhone } from '@manager/ui';
import { useState } from 'react';
import { usePayments, type PaymentKind } from '../api/get-payments';
import { usePaymentFilters } from '../hooks/use-payment-filters';
import { PaymentFiltersPanel } from './payment-filters';
import { PaymentList } from './payment-list';
import { PaymentStatsCards } from './payment-stats';

/** One tab of the deposits screen: search, collapsible filters, stats, list, pagination. */
export function PaymentsTab({ kind }: { kind: PaymentKind }) {
  const f = usePaymentFilters();
  const { data, isPending, isFetching } = usePayments(kind, f.params);
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const digits = kind === 'ton' ? 2 : 0;
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap>
        <SearchBox label="Search payments" placeholder="Search by user or transaction..." value={f.searchText} onChange={f.setSearchText} style={{ maxWidth: 340 }} />
        <Badge count={f.active} size="small">
          <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide filters' : 'Show filters'}
          </Button>
        </Badge>
      </Flex>
      {open && <PaymentFiltersPanel kind={kind} filters={f.filters} onChange={f.setFilter} onClear={f.clearFilters} />}
      {data && <PaymentStatsCards stats={data.stats} digits={digits} unit={kind === 'ton' ? 'TON' : 'Stars'} loading={isPending} />}
      <PaymentList kind={kind} rows={data?.payments ?? []} loading={isPending || isFetching} phone={phone} />
      <Pagination
        page={f.page}
        pageSize={PAGE_SIZES.PAYMENTS}
        total={data?.pagination.totalPayments ?? 0}
        onChange={f.setPage}
      />
    </Flex>
  );
}
