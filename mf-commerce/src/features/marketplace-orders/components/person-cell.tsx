import { StarFilled } from '@manager/ui';
import type { Person } from '@manager/contract';
import { Avatar, Flex, Typography } from '@manager/ui';

/** Avatar, display name, premium star and telegram id of a buyer or seller. */
export function PersonCell({ person }: { person: Person | null }) {
  const name = person?.username ?? ([person?.firstName, person?.lastName].filter(Boolean).join(' ') || 'Unknown');
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Avatar size="small" src={person?.avatar || undefined} alt="">
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis>
          {name}
          {person?.isPremium && <StarFilled aria-label="Premium" style={{ color: '#faad14', marginLeft: 4 }} />}
        </Typography.Text>
        {person?.telegramId !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>ID: {person.telegramId}</Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
