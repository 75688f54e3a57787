import { useEffect, useState } from 'react';
import { Button } from '@manager/ui';
import type { ColumnsType } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import type { Mailing } from '@manager/contract';
import { Can, listPager, toast, useCan, useOpenedByAddress } from '@manager/platform';
import { useLiveRecord } from '@manager/platform/forms';
import {
  formatDateTime,
  ListEmptyState,
  ListToolbar,
  LoadingState,
  onTableSort,
  PageHeader,
  Pagination,
  ResponsiveTable,
  sortableColumn,
  truncate,
  type ListSortOption,
} from '@manager/ui';
import { MAILING_ERRORS, useStartMailing } from '../api/mailing-api';
import { useDeleteMailing } from '../api/mailing-draft-api';
import { useMailingList, type MailingSort } from '../hooks/use-mailing-list';
import { MailingDetailsModal } from './mailing-details-modal';
import { MailingStatusTag } from './mailing-status-tag';
import { MailingRowActions } from './mailing-row-actions';
import { MessageFormModal } from './message-form-modal';
import { SendTestModal } from './send-test-modal';
import { StartMailingModal } from './start-mailing-modal';

/** docs/screens.md: the list shows the first 50 characters of a message. */
const PREVIEW_CHARS = 50;

/** The table's sortable headers (docs/screens.md#list-controls), a "Sort by" choice on a phone. */
const MAILING_SORT_OPTIONS: readonly ListSortOption<MailingSort>[] = [
  { key: 'createdAt', label: 'Date' },
  { key: 'recipients', label: 'Recipients' },
];

export default function MailingPage() {
  const { list, mailings: query, view } = useMailingList();
  const start = useStartMailing();
  const remove = useDeleteMailing();
  /** The form: closed, a new message (id null) or the waiting mailing with this id. */
  const [form, setForm] = useState<{ id: number | null } | null>(null);
  // The edited mailing live from the list query, so the form sees another admin's change.
  const editing = useLiveRecord(form?.id ?? null, query.data);
  const canWrite = useCan('mailing.create');
  // `New message` of the command palette opens `?new=message`; the address alone opens nothing
  // the admin may not do (docs/security.md, Roles and permissions).
  useOpenedByAddress('message', () => canWrite && setForm({ id: null }));
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
    {
      title: 'Date',
      key: 'createdAt',
      ...sortableColumn('createdAt', list.sort),
      render: (_, m) => formatDateTime(m.createdAt),
    },
    { title: 'Message', key: 'message', render: (_, m) => truncate(m.message, PREVIEW_CHARS) },
    {
      title: 'Recipients',
      key: 'recipients',
      dataIndex: 'recipients',
      ...sortableColumn('recipients', list.sort),
    },
    { title: 'Status', key: 'status', render: (_, m) => <MailingStatusTag status={m.status} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, m) => (
        <MailingRowActions
          mailing={m}
          busy={busy === m.id}
          onStart={() => setConfirming(m)}
          onEdit={() => setForm({ id: m.id })}
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
          <Can permission="mailing.create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ id: null })}>
              New Message
            </Button>
          </Can>
        }
      />
      <div style={{ marginBottom: 12 }}>
        <ListToolbar
          onClear={list.clear}
          filtered={list.filtered}
          sorts={MAILING_SORT_OPTIONS}
          sort={list.sort}
          onSort={list.setSort}
        />
      </div>
      {query.isLoading ? (
        <LoadingState />
      ) : view.total === 0 ? (
        <ListEmptyState title="No messages yet" filtered={list.filtered} onClear={list.clear} />
      ) : (
        <>
          <ResponsiveTable<Mailing>
            rows={view.rows}
            columns={columns}
            rowKey="id"
            cardLabel={(m) => `Mailing ${m.id}`}
            tableProps={{ onChange: onTableSort(list.setSort as (sort: string | undefined) => void) }}
          />
          <div style={{ marginTop: 12 }}>
            <Pagination {...listPager(list, view)} />
          </div>
        </>
      )}
      {form && (form.id === null || editing) && (
        <MessageFormModal key={form.id ?? 'new'} open mailing={editing} onClose={() => setForm(null)} />
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
