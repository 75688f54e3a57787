import { successRate, type PaymentStats as Stats } from '@manager/contract';
import { formatDecimals, StatCard } from '@manager/ui';
import { Col, Row } from '@manager/ui';

/** Completed Deposits, Completed Fees, Success Rate (completed / total x 100, one decimal). */
export function PaymentStatsCards({
  stats,
  digits,
  unit,
  loading,
}: {
  stats: Stats;
  digits: number;
  unit: string;
  loading: boolean;
}) {
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={8}>
        <StatCard
          title="Completed Deposits"
          value={`${formatDecimals(stats.completedAmount, digits)} ${unit}`}
          hint={`${stats.completedCount} completed, ${stats.pendingCount} pending`}
          color="#389e0d"
          loading={loading}
        />
      </Col>
      <Col xs={24} sm={8}>
        <StatCard
          title="Completed Fees"
          value={`${formatDecimals(stats.completedFee, digits)} ${unit}`}
          loading={loading}
        />
      </Col>
      <Col xs={24} sm={8}>
        <StatCard
          title="Success Rate"
          value={`${successRate(stats).toFixed(1)}%`}
          color="#1677ff"
          loading={loading}
        />
      </Col>
    </Row>
  );
}
