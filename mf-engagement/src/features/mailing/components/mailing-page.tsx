import { useEffect, useState } from 'react';
import { Button, Flex } from '@manager/ui';
import type { ColumnsType } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import type { Mailing } from '@manager/contract';
import { toast, useOpenedByAddress } from '@manager/platform';
import {
  EmptyState,
  formatDateTime,
  LoadingState,
  PageHeader,
  Pagination,
  ResponsiveTable,
  truncate,
} from '@manager/ui';
import { MAILING_ERRORS, useStartMailing } from '../api/mailing-api';
import { useMailingList } from '../hooks/use-mailing-list';
import { MailingDetailsModal } from './mailing-details-modal';
import { MailingStatusTag } from './mailing-status-tag';
import { NewMessageModal } from './new-message-modal';

/** docs/screens.md: the list shows the first 50 characters of a message. */
const PREVIEW_CHARS = 50;

export default function MailingPage() {
  const { list, mailings: query, view } = useMailingList();
  const start = useStartMailing();
  const [creating, setCreating] = useState(false);
  // `New message` of the command palette opens `?new=message`.
  useOpenedByAddress('message', () => setCreating(true));
  const [details, setDetails] = useState<Mailing | null>(null);
  const [starting, setStarting] = useState<number | null>(null);

  useEffect(() => {
    if (query.isError) toast.error(MAILING_ERRORS.fetch);
  }, [query.isError]);

  async function onStart(id: number) {
    setStarting(id);
    try {
      await start.mutateAsync(id);
      toast.success('Mailing started successfully!');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setStarting(null);
    }
  }

  const columns: ColumnsType<Mailing> = [
    { title: 'Date', key: 'date', render: (_, m) => formatDateTime(m.createdAt) },
    { title: 'Message', key: 'message', render: (_, m) => truncate(m.message, PREVIEW_CHARS) },
    { title: 'Recipients', dataIndex: 'recipients' },
    { title: 'Status', key: 'status', render: (_, m) => <MailingStatusTag status={m.status} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, m) => (
        <Flex gap={6}>
          {m.status === 'waiting' && (
            <Button
              size="small"
              type="primary"
              loading={starting === m.id}
              onClick={() => void onStart(m.id)}
              aria-label={`Start mailing ${m.id}`}
            >
              Start
            </Button>
          )}
          <Button size="small" onClick={() => setDetails(m)} aria-label={`Details of mailing ${m.id}`}>
            Details
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Mailing"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            New Message
          </Button>
        }
      />
      {query.isLoading ? (
        <LoadingState />
      ) : view.total === 0 ? (
        <EmptyState title="No messages yet" />
      ) : (
        <>
          <ResponsiveTable<Mailing>
            rows={view.rows}
            columns={columns}
            rowKey="id"
            cardLabel={(m) => `Mailing ${m.id}`}
          />
          <div style={{ marginTop: 12 }}>
            <Pagination
              page={view.page}
              pageSize={view.pageSize}
              total={view.total}
              onChange={list.setPage}
            />
          </div>
        </>
      )}
      <NewMessageModal open={creating} onClose={() => setCreating(false)} />
      {/* The open details follow the list as it refreshes (a running mailing reaching done). */}
      <MailingDetailsModal
        mailing={details && (view.rows.find((m) => m.id === details.id) ?? details)}
        onClose={() => setDetails(null)}
      />
    </>
  );
}
