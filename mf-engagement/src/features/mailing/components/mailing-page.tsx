import { useEffect, useState } from 'react';
import { Button } from '@manager/ui';
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
import { useDeleteMailing } from '../api/mailing-draft-api';
import { useMailingList } from '../hooks/use-mailing-list';
import { MailingDetailsModal } from './mailing-details-modal';
import { MailingStatusTag } from './mailing-status-tag';
import { MailingRowActions } from './mailing-row-actions';
import { MessageFormModal } from './message-form-modal';
import { SendTestModal } from './send-test-modal';
import { StartMailingModal } from './start-mailing-modal';

/** docs/screens.md: the list shows the first 50 characters of a message. */
const PREVIEW_CHARS = 50;

export default function MailingPage() {
  const { list, mailings: query, view } = useMailingList();
  const start = useStartMailing();
  const remove = useDeleteMailing();
  /** The form: closed, a new message (null) or a waiting mailing to edit. */
  const [form, setForm] = useState<{ mailing: Mailing | null } | null>(null);
  // `New message` of the command palette opens `?new=message`.
  useOpenedByAddress('message', () => setForm({ mailing: null }));
  const [details, setDetails] = useState<Mailing | null>(null);
  const [confirming, setConfirming] = useState<Mailing | null>(null);
  const [testing, setTesting] = useState<Mailing | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    if (query.isError) toast.error(MAILING_ERRORS.fetch);
  }, [query.isError]);

  async function onStart(m: Mailing) {
    setBusy(m.id);
    try {
      await start.mutateAsync(m.id);
      toast.success('Mailing started successfully!');
      setConfirming(null);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function onDelete(id: number) {
    setBusy(id);
    try {
      await remove.mutateAsync(id);
      toast.success('Message deleted successfully!');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
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
        <MailingRowActions
          mailing={m}
          busy={busy === m.id}
          onStart={() => setConfirming(m)}
          onEdit={() => setForm({ mailing: m })}
          onSendTest={() => setTesting(m)}
          onDelete={() => onDelete(m.id)}
          onDetails={() => setDetails(m)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Mailing"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mailing: null })}>
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
      {form && (
        <MessageFormModal
          key={form.mailing?.id ?? 'new'}
          open
          mailing={form.mailing}
          onClose={() => setForm(null)}
        />
      )}
      {/* The confirmation shows the mailing as the list has it now (another admin may have edited it). */}
      <StartMailingModal
        mailing={confirming && (view.rows.find((m) => m.id === confirming.id) ?? confirming)}
        starting={confirming !== null && busy === confirming.id}
        onConfirm={(m) => void onStart(m)}
        onCancel={() => setConfirming(null)}
      />
      <SendTestModal mailing={testing} onClose={() => setTesting(null)} />
      {/* The open details follow the list as it refreshes (a running mailing reaching done). */}
      <MailingDetailsModal
        mailing={details && (view.rows.find((m) => m.id === details.id) ?? details)}
        onClose={() => setDetails(null)}
      />
    </>
  );
}
