import { calls, type Withdrawal, type WithdrawalAction } from '@manager/contract';
import { ExportCsvButton, ListToolbar, PageHeader, Pagination, SearchBox } from '@manager/ui';
import { Flex, Segmented, usePhone } from '@manager/ui';
import { listPager, useAuthStore, useCan, useCsvExport, usePresence, usePresent } from '@manager/platform';
import { useRef, useState } from 'react';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import { useWithdrawalList, type StatusFilter } from '../hooks/use-withdrawal-view';
import { useBatch } from '../hooks/use-batch';
import { BatchBar } from './batch-bar';
import { BatchModal } from './batch-modal';
import { DecisionModal } from './decision-modal';
import { WithdrawalCounters } from './withdrawal-counters';
import { WITHDRAWAL_SORT_OPTIONS, WithdrawalList } from './withdrawal-list';

/** Pending first: the queue is what an administrator opens the page for. */
const STATUS_OPTIONS: Array<{ label: string; value: StatusFilter }> = [
  { label: 'Pending', value: 'pending' },
  { label: 'All', value: 'all' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
];

export default function WithdrawalsPage() {
  const { list, query, view, status, loading, counting } = useWithdrawalList();
  const exporter = useCsvExport(calls.exportWithdrawals, query);
  const decide = useDecideWithdrawal();
  const batch = useBatch(view.rows);
  const [asked, setAsked] = useState<{ action: WithdrawalAction; withdrawal: Withdrawal } | null>(null);
  const phone = usePhone();
  const me = useAuthStore((s) => s.admin?.id);
  // Support and Auditor see the queue read-only: no selection, no decisions (the API refuses them).
  const canDecide = useCan('withdrawals.decide');
  // Who has a decision open on which row (docs/screens.md, Live): shown on the row, and in the
  // dialog of a second admin about to decide the same one. This console's own open decision too.
  const present = usePresent('withdrawal');
  const deciding = new Map<number, typeof present>();
  for (const p of present) deciding.set(Number(p.entityId), [...(deciding.get(Number(p.entityId)) ?? []), p]);
  usePresence('withdrawal', asked?.withdrawal.id, asked ? 'deciding' : null);

  // isPending only turns true on the next render: a double click must not post twice.
  const inFlight = useRef(false);
  const confirm = () => {
    if (!asked || inFlight.current) return;
    inFlight.current = true;
    decide.mutate(asked, {
      onSettled: () => {
        inFlight.current = false;
        setAsked(null);
      },
    });
  };

  return (
    <>
      <PageHeader title="Withdrawals" subtitle="Approve or reject players' withdrawal requests" />
      <Flex vertical gap={16}>
        <WithdrawalCounters counts={view.stats} loading={counting} />
        <ListToolbar
          search={
            <SearchBox
              label="Search by username"
              placeholder="Search by username..."
              value={list.search}
              onChange={list.setSearch}
            />
          }
          filters={
            <Segmented<StatusFilter>
              aria-label="Status filter"
              options={STATUS_OPTIONS}
              value={status}
              onChange={(value) => list.setFilter('status', value)}
            />
          }
          onClear={list.clear}
          filtered={list.filtered}
          sorts={WITHDRAWAL_SORT_OPTIONS}
          sort={list.sort}
          onSort={list.setSort}
          actions={<ExportCsvButton export={exporter} expectedRows={view.total} />}
        />
        {canDecide && <BatchBar batch={batch} busy={decide.isPending || asked !== null} />}
        <WithdrawalList
          rows={view.rows}
          loading={loading}
          phone={phone}
          busy={decide.isPending || asked !== null || batch.busy}
          me={me}
          onDecide={(action, withdrawal) => setAsked({ action, withdrawal })}
          canDecide={canDecide}
          sort={list.sort}
          onSort={list.setSort}
          deciding={deciding}
          selected={batch.selectedIds}
          onSelect={batch.select}
          filtered={list.filtered}
          onClear={list.clear}
        />
        <Pagination {...listPager(list, view)} />
      </Flex>
      <DecisionModal
        decision={asked}
        others={asked ? (deciding.get(asked.withdrawal.id) ?? []) : []}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => !decide.isPending && setAsked(null)}
      />
      <BatchModal
        batch={batch.asked}
        results={batch.results}
        busy={batch.busy}
        onConfirm={batch.confirm}
        onClose={batch.close}
      />
    </>
  );
}
