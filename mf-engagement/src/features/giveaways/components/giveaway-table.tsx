import { Button, Flex, Popconfirm } from '@manager/ui';
import type { ColumnsType } from '@manager/ui';
import { giveawayStatus, type Giveaway } from '@manager/contract';
import { useCan, useRowCalls } from '@manager/platform';
import { useRowsKeeping } from '@manager/platform/forms';
import { formatDateTime, onTableSort, ResponsiveTable, sortableColumn } from '@manager/ui';
import {
  useDeleteGiveaway,
  useToggleGiveaway,
  useUpdateGiveaway,
  type GiveawayFormValues,
} from '../api/save-giveaway';
import { GiftsCell, PreviewCell, StatusTag, TypeCell, WinnersCell } from './giveaway-cells';
import { GiveawayForm } from './giveaway-form';
import type { GiveawayListState } from '../hooks/use-giveaway-list';

interface GiveawayTableProps {
  giveaways: readonly Giveaway[];
  /** The giveaway edited in its row, as the list query holds it now (`useLiveRecord`); null: none. */
  editing: Giveaway | null;
  onEdit: (id: number | null) => void;
  now: number;
  /** The list's sort: Expires sorts by its header (the API's `expiredDate`; latest first by default). */
  sort: GiveawayListState['sort'];
  onSort: GiveawayListState['setSort'];
}

export function GiveawayTable({ giveaways, editing, onEdit, now, sort, onSort }: GiveawayTableProps) {
  const editingId = editing?.id ?? null;
  const { busy, run } = useRowCalls<'toggle' | 'delete'>();
  const update = useUpdateGiveaway();
  const toggle = useToggleGiveaway();
  const remove = useDeleteGiveaway();

  async function saveEdit(id: number, values: GiveawayFormValues, image: File | null) {
    const saved = await run(async () => {
      await update.mutateAsync({ id, values, image });
      return 'Giveaway updated successfully!';
    });
    if (saved) onEdit(null);
    return saved;
  }

  // The edited row becomes one cell across every column: the editor replaces the row.
  const span = (first: boolean) => (g: Giveaway) => (g.id === editingId ? { colSpan: first ? 7 : 0 } : {});
  // Edit, switch and delete only for an admin who may (giveaways.manage); the API refuses the rest.
  const canManage = useCan('giveaways.manage');
  const columns: ColumnsType<Giveaway> = [
    {
      title: 'Preview',
      key: 'preview',
      onCell: span(true),
      render: (_, g) =>
        g.id === editingId ? (
          <GiveawayForm
            name={`editGiveaway${g.id}`}
            giveaway={editing ?? g}
            submitLabel="Update Giveaway"
            busyLabel="Updating..."
            busy={update.isPending}
            onSubmit={(v, i) => saveEdit(g.id, v, i)}
            onCancel={() => onEdit(null)}
          />
        ) : (
          <PreviewCell g={g} />
        ),
    },
    {
      title: 'Expires',
      key: 'expiredDate',
      ...sortableColumn('expiredDate', sort),
      onCell: span(false),
      render: (_, g) => formatDateTime(g.expiredDate),
    },
    { title: 'Type', key: 'type', onCell: span(false), render: (_, g) => <TypeCell g={g} /> },
    { title: 'Gifts', key: 'gifts', onCell: span(false), render: (_, g) => <GiftsCell g={g} /> },
    {
      title: 'Status',
      key: 'status',
      onCell: span(false),
      render: (_, g) => <StatusTag status={giveawayStatus(g, now)} />,
    },
    { title: 'Winners', key: 'winners', onCell: span(false), render: (_, g) => <WinnersCell g={g} /> },
    {
      title: 'Actions',
      key: 'actions',
      onCell: span(false),
      render: (_, g) => {
        const rowBusy = busy[g.id] !== undefined;
        const expired = giveawayStatus(g, now) === 'Expired';
        return (
          <Flex gap={6} wrap>
            <Button
              size="small"
              disabled={rowBusy || editingId !== null}
              onClick={() => onEdit(g.id)}
              aria-label={`Edit giveaway ${g.id}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              loading={busy[g.id] === 'toggle'}
              disabled={rowBusy || expired}
              aria-label={`${g.status ? 'Disable' : 'Enable'} giveaway ${g.id}`}
              onClick={() =>
                void run(
                  async () =>
                    (await toggle.mutateAsync(g))
                      ? 'Giveaway enabled successfully!'
                      : 'Giveaway disabled successfully!',
                  { id: g.id, kind: 'toggle' },
                )
              }
            >
              {g.status ? 'Disable' : 'Enable'}
            </Button>
            <Popconfirm
              title="Are you sure you want to delete this giveaway?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                run(
                  async () => {
                    await remove.mutateAsync(g.id);
                    return 'Giveaway deleted successfully!';
                  },
                  { id: g.id, kind: 'delete' },
                )
              }
            >
              <Button
                size="small"
                danger
                loading={busy[g.id] === 'delete'}
                disabled={rowBusy}
                aria-label={`Delete giveaway ${g.id}`}
              >
                Delete
              </Button>
            </Popconfirm>
          </Flex>
        );
      },
    },
  ];
  const rows = useRowsKeeping(giveaways, editing);
  return (
    <ResponsiveTable<Giveaway>
      // The edited giveaway keeps its row (and the form) when a change moves it off this page.
      rows={rows}
      columns={canManage ? columns : columns.filter((c) => c.key !== 'actions')}
      rowKey="id"
      cardLabel={(g) => `Giveaway ${g.id}`}
      tableProps={{ onChange: onTableSort(onSort as (sort: string | undefined) => void) }}
    />
  );
}
