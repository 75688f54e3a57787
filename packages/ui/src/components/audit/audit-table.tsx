import type { ReactNode } from 'react';
import type { AuditEntry } from '@manager/contract';
import type { ColumnsType } from 'antd/es/table';
import { Flex, Typography } from '../../antd.ts';
import { auditEntityText } from '../../format/audit.ts';
import { formatTimestamp } from '../../format/date.ts';
import { ResponsiveTable } from '../responsive-table.tsx';
import { EmptyState, LoadingState } from '../states.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { AuditDetails } from './audit-details.tsx';

interface AuditTableProps {
  entries: AuditEntry[];
  /** The screen an entity opens (the contract's `auditEntityPath`); null where there is none. */
  entityPath: (entityType: string, entityId: string | null) => string | null;
  /** A link inside the console (ui has no router: the app passes its Link). */
  renderLink: (to: string, text: string) => ReactNode;
  /** How an action is named; default its code (`user.balances.update`). */
  actionLabel?: (action: string) => string;
  loading?: boolean;
  emptyText?: string;
  /** The whole empty state instead of `emptyText`'s (a `ListEmptyState` offering Clear Filters). */
  empty?: ReactNode;
  /** Adds a Details column: the console builds the admin ran and their browser, folded. */
  details?: boolean;
}

const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
    {text}
  </Typography.Text>
);

const adminName = ({ admin }: AuditEntry) =>
  admin.username ?? (admin.id === null ? 'Unknown' : `Admin #${admin.id}`);

/**
 * The audit trail's rows, newest first as given: Time, Admin, Action, Entity (a link to its
 * screen, and the player the row is about), Changes (before -> after), and Details when asked.
 * Cards on phones.
 */
export function AuditTable({
  entries,
  entityPath,
  renderLink,
  actionLabel,
  loading,
  emptyText = 'No audit entries',
  empty,
  details = false,
}: AuditTableProps) {
  const link = (to: string | null, text: string) => (to ? renderLink(to, text) : <span>{text}</span>);
  const columns: ColumnsType<AuditEntry> = [
    {
      title: 'Time',
      key: 'time',
      render: (_, e) => (
        <time dateTime={e.at} style={{ whiteSpace: 'nowrap' }}>
          {formatTimestamp(e.at)}
        </time>
      ),
    },
    {
      title: 'Admin',
      key: 'admin',
      render: (_, e) => (
        <>
          <span>{adminName(e)}</span>
          {e.ip && secondary(e.ip)}
        </>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_, e) => {
        const label = actionLabel?.(e.action) ?? e.action;
        return (
          <>
            <span>{label}</span>
            {label !== e.action && secondary(e.action)}
          </>
        );
      },
    },
    {
      title: 'Entity',
      key: 'entity',
      render: (_, e) => (
        <Flex vertical align="flex-start">
          {link(entityPath(e.entityType, e.entityId), auditEntityText(e.entityType, e.entityId))}
          {e.userTelegramId !== null &&
            !(e.entityType === 'user' && e.entityId === String(e.userTelegramId)) && (
              <span>
                Player {link(entityPath('user', String(e.userTelegramId)), String(e.userTelegramId))}
              </span>
            )}
        </Flex>
      ),
    },
    {
      title: 'Changes',
      key: 'changes',
      render: (_, e) => <AuditChanges before={e.before} after={e.after} reason={e.reason} />,
    },
  ];
  if (details)
    columns.push({ title: 'Details', key: 'details', render: (_, e) => <AuditDetails entry={e} /> });
  // Said outside the table: at phone width the cards have no empty or busy state of their own.
  if (entries.length === 0) return loading ? <LoadingState /> : (empty ?? <EmptyState title={emptyText} />);
  return (
    <ResponsiveTable<AuditEntry>
      rows={entries}
      columns={columns}
      rowKey="id"
      cardLabel={(e) => `${actionLabel?.(e.action) ?? e.action}, ${formatTimestamp(e.at)}`}
      tableProps={{ size: 'small', loading, locale: { emptyText } }}
    />
  );
}
