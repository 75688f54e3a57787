import type { UserSummary } from '@manager/contract';
import { abbreviateNumber, isOnline, StatRow } from '@manager/ui';

/** Total Users from the server; Online, Premium and Total Games from the current page (spec). */
export function UsersSummary({ users, totalUsers }: { users: readonly UserSummary[]; totalUsers: number }) {
  const cards = [
    ['Total Users', totalUsers],
    ['Online', users.filter((u) => isOnline(u.lastActive)).length],
    ['Premium', users.filter((u) => u.isPremium).length],
    ['Total Games', users.reduce((sum, u) => sum + u.totalGames, 0)],
  ] as const;
  return <StatRow cards={cards.map(([title, value]) => ({ title, value: abbreviateNumber(value) }))} />;
}
