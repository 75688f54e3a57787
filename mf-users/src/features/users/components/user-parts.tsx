import { USERNAME_MAX_LENGTH, type UserSummary } from '@manager/contract';
import { abbreviateNumber, CurrencyIcon, formatDecimals, isOnline, timeAgo, truncate } from '@manager/ui';
import { StarFilled, UserOutlined } from '@manager/ui';
import { Avatar, Badge } from '@manager/ui';
import type { CSSProperties } from 'react';

/*
 * These cells are drawn 50 times per page (table rows or phone cards): plain elements with
 * antd's CSS variables (the table or card around them defines them) instead of antd's Flex
 * and Typography.Text, which cost a style hook each, 11 per row. Measured in the users list's
 * time to rows at CPU 4x (README "Benchmarks").
 */
const column = (gap: number, extra?: CSSProperties): CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  gap,
  ...extra,
});
const secondary: CSSProperties = { color: 'var(--ant-color-text-description)' };

export const displayName = (u: Pick<UserSummary, 'firstName' | 'lastName' | 'username'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || '-';

/** Avatar, full name with the premium star, @username cut at 20 characters, Telegram id. */
export function UserIdentity({ user }: { user: UserSummary }) {
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Avatar src={user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
      <div style={column(0, { minWidth: 0 })}>
        <strong style={{ fontWeight: 600 }}>
          {displayName(user)}{' '}
          {user.isPremium && <StarFilled aria-label="Premium" style={{ color: '#faad14' }} />}
        </strong>
        {user.username && <span style={secondary}>@{truncate(user.username, USERNAME_MAX_LENGTH)}</span>}
        <span style={{ ...secondary, fontSize: 12 }}>ID: {user.telegramId}</span>
      </div>
    </div>
  );
}

export function UserBalances({ user }: { user: UserSummary }) {
  const rows = [
    ['TON', formatDecimals(user.tonBalance, 2)],
    ['STAR', abbreviateNumber(user.starsBalance)],
    ['RED_CHIP', abbreviateNumber(user.redChipBalance)],
    ['PLAY', abbreviateNumber(user.playBalance)],
  ] as const;
  return (
    <div style={column(2)}>
      {rows.map(([currency, value]) => (
        <span key={currency}>
          <CurrencyIcon currency={currency} /> {value}
        </span>
      ))}
    </div>
  );
}

export function UserStatsCell({ user }: { user: UserSummary }) {
  return (
    <div style={column(2)}>
      <span>Games: {user.totalGames}</span>
      <span>
        W/L: {user.gamesWon}/{user.gamesLost}
      </span>
      <span>Referrals: {user.referralsCount}</span>
    </div>
  );
}

/** A green dot while active within 5 minutes, else when the player was last seen. */
export function UserStatus({ lastActive }: { lastActive: string | null }) {
  if (isOnline(lastActive)) return <Badge status="success" text="Online" />;
  return <Badge status="default" text={lastActive ? timeAgo(lastActive) : 'Offline'} />;
}
