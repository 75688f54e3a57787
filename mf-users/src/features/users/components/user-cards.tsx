import type { UserSummary } from '@manager/contract';
import { CountryFlag } from '@manager/ui';
import type { ReactNode } from 'react';
import { Card, Flex } from '@manager/ui';
import { UserBalances, UserIdentity, UserStatsCell, UserStatus } from './user-parts';

/** The phone layout: one card per user, the whole card opens the detail page. */
export function UserCards({
  users,
  onOpen,
  empty,
}: {
  users: readonly UserSummary[];
  onOpen: (telegramId: number) => void;
  /** The list's empty state (`ListEmptyState`), shown when there are no users. */
  empty: ReactNode;
}) {
  if (users.length === 0) return empty;
  return (
    <Flex vertical gap={8} role="list" aria-label="Users">
      {users.map((u) => (
        <Card
          key={u.telegramId}
          size="small"
          role="listitem"
          hoverable
          tabIndex={0}
          onClick={() => onOpen(u.telegramId)}
          onKeyDown={(e) => e.key === 'Enter' && onOpen(u.telegramId)}
        >
          <Flex vertical gap={8}>
            <Flex justify="space-between" align="start" gap={8}>
              <UserIdentity user={u} />
              <UserStatus lastActive={u.lastActive} />
            </Flex>
            <CountryFlag flag={u.countryFlag} name={u.countryName} withName />
            <Flex justify="space-between" gap={8}>
              <UserBalances user={u} />
              <UserStatsCell user={u} />
            </Flex>
            <span>Joined {u.joinedAgo}</span>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
