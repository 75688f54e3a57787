import type { WithdrawalCounts } from '@manager/contract';
import { Col, Row, StatCard } from '@manager/ui';

const CARDS: Array<{ title: string; key: keyof WithdrawalCounts; color?: string }> = [
  { title: 'Pending', key: 'pending', color: '#d46b08' },
  { title: 'Awaiting second approval', key: 'awaiting', color: '#0958d9' },
  { title: 'Approved', key: 'approved', color: '#389e0d' },
  { title: 'Total', key: 'total' },
  { title: 'Rejected', key: 'rejected', color: '#cf1322' },
];

/** The counters over every withdrawal, whatever the filter (the API's `counts`). */
export function WithdrawalCounters({
  counts,
  loading,
}: {
  counts: WithdrawalCounts | undefined;
  loading: boolean;
}) {
  return (
    <Row gutter={[12, 12]}>
      {CARDS.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={{ flex: '1 1 0' }}>
          <StatCard title={c.title} value={counts?.[c.key] ?? 0} color={c.color} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}
