import { paths, type DashboardStatsResponse } from '@manager/contract';
import { Link } from '@manager/platform';
import { abbreviateNumber, StatCard } from '@manager/ui';
import { Col, Row } from '@manager/ui';

/**
 * Each card opens the list behind its figure (docs/screens.md#dashboard): balances are the
 * players' (the user list), withdrawals open the withdrawals list filtered as the card counts,
 * in the `?status=` form that list reads its filter from.
 */
const CARDS = [
  ['Total Ton', 'totalTon', paths.usersList],
  ['Total Stars', 'totalStars', paths.usersList],
  ['Total Red Chip', 'totalRedChip', paths.usersList],
  ['Total Inventory', 'totalInventory', paths.inventory],
  ['Total Pending Withdrawals', 'totalPendingWithdrawals', `${paths.withdrawals}?status=pending`],
  ['Total Done Withdrawals', 'totalDoneWithdrawals', `${paths.withdrawals}?status=approved`],
] as const;

export function DashboardCards({ stats }: { stats: DashboardStatsResponse }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map(([title, key, to]) => (
        <Col key={key} xs={12} md={8} xl={4}>
          <Link to={to} style={{ display: 'block', height: '100%', color: 'inherit' }}>
            <StatCard title={title} value={abbreviateNumber(stats[key])} />
          </Link>
        </Col>
      ))}
    </Row>
  );
}
