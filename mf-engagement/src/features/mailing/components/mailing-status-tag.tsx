import { formatEnum, Tag } from '@manager/ui';

/** Done/completed green, waiting yellow, anything else grey (docs/screens.md). */
export function MailingStatusTag({ status }: { status: string }) {
  const color =
    status === 'done' || status === 'completed' ? 'green' : status === 'waiting' ? 'gold' : 'default';
  return <Tag color={color}>{formatEnum(status)}</Tag>;
}
