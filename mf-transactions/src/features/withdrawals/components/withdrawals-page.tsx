import { calls, type Withdrawal, type WithdrawalAction } from '@manager/contract';
import { ExportCsvButton, PageHeader, Pagination, StatCard, SearchBox } from '@manager/ui';
import { Col, Flex, Row, Segmented, usePhone } from '@manager/ui';
import { useAuthStore, useCsvExport } from '@manager/platform';
import { useRef, useState } from 'react';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import { useWithdrawalList, type StatusFilter } from '../hooks/use-withdrawal-view';
import { DecisionModal } from './decision-modal';
import { WithdrawalList } from './withdrawal-list';

const STATUS_OPTIONS: Array<{ label: string; value: StatusFilter }> = [
  { label: 'All', value: 'all' },
  { label: 'Pending', value: 'pending' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
];

export default function WithdrawalsPage() {
  const { list, view, status, loading, counting } = useWithdrawalList();
  const counts = view.stats;
  const exporter = useCsvExport(calls.exportWithdrawals, list.query);
  const decide = useDecideWithdrawal();
  const [asked, setAsked] = useState<{ action: WithdrawalAction; withdrawal: Withdrawal } | null>(null);
  const phone = usePhone();
  const me = useAuthStore((s) => s.admin?.id);

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
        <Row gutter={[12, 12]}>
          <Col xs={12} md={6}>
            <StatCard title="Pending" value={counts?.pending ?? 0} color="#d46b08" loading={counting} />
          </Col>
          <Col xs={12} md={6}>
            <StatCard
              title="Awaiting second approval"
              value={counts?.awaiting ?? 0}
              color="#0958d9"
              loading={counting}
            />
          </Col>
          <Col xs={12} md={6}>
            <StatCard title="Approved" value={counts?.approved ?? 0} color="#389e0d" loading={counting} />
          </Col>
          <Col xs={12} md={6}>
            <StatCard title="Total" value={counts?.total ?? 0} loading={counting} />
          </Col>
          <Col xs={12} md={6}>
            <StatCard title="Rejected" value={counts?.rejected ?? 0} color="#cf1322" loading={counting} />
          </Col>
        </Row>
        <Flex gap={12} wrap>
          <SearchBox
            label="Search by username"
            placeholder="Search by username..."
            value={list.search}
            onChange={list.setSearch}
            style={{ maxWidth: 320 }}
          />
          <Segmented<StatusFilter>
            aria-label="Status filter"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(value) => list.setFilter('status', value)}
          />
          <ExportCsvButton export={exporter} expectedRows={view.total} />
        </Flex>
        <WithdrawalList
          rows={view.rows}
          loading={loading}
          phone={phone}
          busy={decide.isPending || asked !== null}
          me={me}
          onDecide={(action, withdrawal) => setAsked({ action, withdrawal })}
          sort={list.sort}
          onSort={list.setSort}
        />
        <Pagination page={view.page} pageSize={view.pageSize} total={view.total} onChange={list.setPage} />
      </Flex>
      <DecisionModal
        decision={asked}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => !decide.isPending && setAsked(null)}
      />
    </>
  );
}
