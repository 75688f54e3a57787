import { useEffect, useState } from 'react';
import { Button, Flex, Image, Popconfirm, Tag, Typography } from '@manager/ui';
import type { ColumnsType } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import {
  tournamentStatus,
  type Tournament,
  type TOURNAMENT_SORTS,
  type TournamentStatus,
} from '@manager/contract';
import { Can, listPager, toast, uploadUrl, useCan } from '@manager/platform';
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
  type ListSortOption,
} from '@manager/ui';
import { TOURNAMENT_ERRORS, useDeleteTournament } from '../api/tournaments-api';
import { useTournamentList } from '../hooks/use-tournament-list';
import { TournamentModal } from './tournament-modal';

const STATUS_COLOR: Record<TournamentStatus, string> = {
  Live: 'green',
  Expired: 'red',
  'No date': 'default',
};

/** The table's sortable headers (docs/screens.md#list-controls), a "Sort by" choice on a phone. */
const TOURNAMENT_SORT_OPTIONS: readonly ListSortOption<(typeof TOURNAMENT_SORTS)[number]>[] = [
  { key: 'id', label: 'ID' },
  { key: 'tournamentsDate', label: 'Date' },
];

export default function TournamentsPage() {
  const { list, tournaments: query, view } = useTournamentList();
  const remove = useDeleteTournament();
  /** The modal: closed, a new tournament (id null) or the one with this id. */
  const [modal, setModal] = useState<{ id: number | null } | null>(null);
  // The edited tournament live from the list query, so the form sees another admin's change.
  const editing = useLiveRecord(modal?.id ?? null, query.data);
  const [deleting, setDeleting] = useState<number | null>(null);
  const now = query.dataUpdatedAt || Date.now();

  useEffect(() => {
    if (query.isError) toast.error(TOURNAMENT_ERRORS.fetch);
  }, [query.isError]);

  async function onDelete(id: number) {
    setDeleting(id);
    try {
      await remove.mutateAsync(id);
      toast.success('Tournament deleted successfully!');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setDeleting(null);
    }
  }

  // Edit, switch and delete only for an admin who may (tournaments.manage); the API refuses the rest.

  const canManage = useCan('tournaments.manage');

  const columns: ColumnsType<Tournament> = [
    { title: 'ID', key: 'id', dataIndex: 'id', ...sortableColumn('id', list.sort) },
    {
      title: 'Image',
      key: 'image',
      render: (_, t) =>
        t.tournamentsImage ? (
          <Image
            src={uploadUrl(t.tournamentsImage)!}
            alt={`Tournament ${t.id}`}
            width={56}
            height={56}
            style={{ objectFit: 'cover', borderRadius: 6 }}
          />
        ) : (
          <Typography.Text type="secondary">No image</Typography.Text>
        ),
    },
    {
      title: 'Date',
      key: 'tournamentsDate',
      ...sortableColumn('tournamentsDate', list.sort),
      render: (_, t) => (t.tournamentsDate ? formatDateTime(t.tournamentsDate) : '-'),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, t) => {
        const s = tournamentStatus(t.tournamentsDate, now);
        return <Tag color={STATUS_COLOR[s]}>{s}</Tag>;
      },
    },
    {
      title: 'Link',
      key: 'link',
      render: (_, t) =>
        t.tournamentsLink ? (
          <Typography.Link
            href={t.tournamentsLink}
            target="_blank"
            rel="noreferrer"
            ellipsis
            style={{ maxWidth: 260 }}
          >
            {t.tournamentsLink}
          </Typography.Link>
        ) : (
          '-'
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, t) => (
        <Flex gap={6}>
          <Button
            size="small"
            onClick={() => setModal({ id: t.id })}
            disabled={deleting === t.id}
            aria-label={`Edit tournament ${t.id}`}
          >
            Edit
          </Button>
          <Popconfirm
            title="Are you sure you want to delete this tournament?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(t.id)}
          >
            <Button size="small" danger loading={deleting === t.id} aria-label={`Delete tournament ${t.id}`}>
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Tournaments"
        extra={
          <Can permission="tournaments.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ id: null })}>
              Create Tournament
            </Button>
          </Can>
        }
      />
      <div style={{ marginBottom: 12 }}>
        <ListToolbar
          onClear={list.clear}
          filtered={list.filtered}
          sorts={TOURNAMENT_SORT_OPTIONS}
          sort={list.sort}
          onSort={list.setSort}
        />
      </div>
      {query.isLoading ? (
        <LoadingState />
      ) : view.total === 0 ? (
        <ListEmptyState title="No tournaments yet" filtered={list.filtered} onClear={list.clear} />
      ) : (
        <>
          <ResponsiveTable<Tournament>
            rows={view.rows}
            columns={canManage ? columns : columns.filter((c) => c.key !== 'actions')}
            rowKey="id"
            cardLabel={(t) => `Tournament ${t.id}`}
            tableProps={{ onChange: onTableSort(list.setSort as (sort: string | undefined) => void) }}
          />
          <div style={{ marginTop: 12 }}>
            <Pagination {...listPager(list, view)} />
          </div>
        </>
      )}
      <TournamentModal
        key={modal?.id ?? 'new'}
        tournament={editing}
        open={modal !== null && (modal.id === null || editing !== null)}
        onClose={() => setModal(null)}
      />
    </>
  );
}
