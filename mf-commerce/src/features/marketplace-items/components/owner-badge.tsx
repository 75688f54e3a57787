import { StarFilled } from '@manager/ui';
import type { Person } from '@manager/contract';
import { Avatar, Flex, Typography } from '@manager/ui';

/** Avatar, display name, premium star and telegram id of a player. */
export function OwnerBadge({ person, fallbackId }: { person: Person | null; fallbackId?: number }) {
  const name = person?.username ?? ([person?.firstName, person?.lastName].filter(Boolean).join(' ') || 'Unknown');
  const id = person?.telegramId ?? fallbackId;
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Avatar size="small" src={person?.avatar || undefined} alt="">
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis style={{ fontSize: 13 }}>
          {name}
          {person?.isPremium && <StarFilled aria-label="Premium" style={{ color: '#faad14', marginLeft: 4 }} />}
        </Typography.Text>
        {id !== undefined && <Typography.Text type="secondary" style={{ fontSize: 12 }}>ID: {id}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
