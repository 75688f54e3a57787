import type { Person } from '@manager/contract';
import type { ReactNode } from 'react';
import { StarFilled } from '@ant-design/icons';
import { Avatar, Flex, Typography } from '../antd.ts';

interface PersonBadgeProps {
  person: Person | null;
  /** The telegram id shown when `person` is missing. */
  fallbackId?: number;
  /** A smaller name, for cards. */
  small?: boolean;
  /**
   * Makes the name a link to the player's page: ui has no router, so the app passes it
   * (`playerLink(id)` of `@manager/platform`). The link's accessible name is the name.
   */
  nameLink?: (name: string) => ReactNode;
}

/** Avatar, display name (username, else first and last name, else Unknown), premium star and telegram id. */
export function PersonBadge({ person, fallbackId, small, nameLink }: PersonBadgeProps) {
  const name =
    person?.username ?? ([person?.firstName, person?.lastName].filter(Boolean).join(' ') || 'Unknown');
  const id = person?.telegramId ?? fallbackId;
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Avatar size="small" src={person?.avatar || undefined} alt="">
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis style={small ? { fontSize: 13 } : undefined}>
          {nameLink ? nameLink(name) : name}
          {person?.isPremium && (
            <StarFilled aria-label="Premium" style={{ color: '#faad14', marginLeft: 4 }} />
          )}
        </Typography.Text>
        {id !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID: {id}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
