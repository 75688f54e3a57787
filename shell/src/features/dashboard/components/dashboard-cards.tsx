import type { DashboardStatsResponse } from '@manager/contract';
import { abbreviateNumber, StatCard } from '@manager/ui';
import { Col, Row } from '@manager/ui';

const CARDS = [
  ['Total Ton', 'totalTon'],
  ['Total Stars', 'totalStars'],
  ['Total Red Chip', 'totalRedChip'],
  ['Total Inventory', 'totalInventory'],
  ['Total Pending Withdrawals', 'totalPendingWithdrawals'],
  ['Total Done Withdrawals', 'totalDoneWithdrawals'],
] as const;

export function DashboardCards({ stats }: { stats: DashboardStatsResponse }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map(([title, key]) => (
        <Col key={key} xs={12} md={8} xl={4}>
          <StatCard title={title} value={abbreviateNumber(stats[key])} />
        </Col>
      ))}
    </Row>
  );
}
