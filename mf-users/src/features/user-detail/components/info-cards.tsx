import type { UserDetail } from '@manager/contract';
import { formatDateTime } from '@manager/ui';
import { Card, Descriptions } from '@manager/ui';

const dash = (v: string | null | undefined) => v || '-';

export function BasicInformation({ user }: { user: UserDetail }) {
  return (
    <Card title="Basic Information" size="small">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'id', label: 'Telegram ID', children: user.telegramId },
          { key: 'username', label: 'Username', children: user.username ? `@${user.username}` : '-' },
          { key: 'first', label: 'First Name', children: dash(user.firstName) },
          { key: 'last', label: 'Last Name', children: dash(user.lastName) },
          { key: 'country', label: 'Country', children: dash(user.countryName) },
          { key: 'lang', label: 'Language', children: dash(user.lang) },
          { key: 'premium', label: 'Premium', children: user.isPremium ? 'Yes' : 'No' },
        ]}
      />
    </Card>
  );
}

export function ActivityCard({ user }: { user: UserDetail }) {
  return (
    <Card title="Activity" size="small">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'games', label: 'Total Games', children: user.totalGames },
          { key: 'won', label: 'Games Won', children: user.gamesWon },
          { key: 'lost', label: 'Games Lost', children: user.gamesLost },
          { key: 'refs', label: 'Referrals', children: user.referralsCount },
          { key: 'daily', label: 'Daily Strike', children: user.dailyStrike },
          { key: 'max', label: 'Max Strike', children: user.maxStrike },
          {
            key: 'joined',
            label: 'Joined',
            children: `${formatDateTime(user.createdAt)}${user.joinedAgo ? ` (${user.joinedAgo})` : ''}`,
          },
          { key: 'active', label: 'Last Active', children: formatDateTime(user.lastActive) },
        ]}
      />
    </Card>
  );
}
