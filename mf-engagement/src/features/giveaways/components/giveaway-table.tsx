import { useState } from 'react';
import { Button, Flex, Popconfirm } from '@manager/ui';
import type { ColumnsType } from '@manager/ui';
import { giveawayStatus, type Giveaway } from '@manager/contract';
import { toast } from '@manager/platform';
import { formatDateTime, ResponsiveTable } from '@manager/ui';
import { useDeleteGiveaway, useToggleGiveaway, useUpdateGiveaway, type GiveawayFormValues } from '../api/save-giveaway';
import { GiftsCell, PreviewCell, StatusTag, TypeCell, WinnersCell } from './giveaway-cells';
import { GiveawayForm } from './giveaway-form';

function useBusyIds() {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const run = async (id: number, work: () => Promise<void>) => {
    setIds((s) => new Set(s).add(id));
    try {
      await work();
    } finally {
      setIds((s) => { const n = new Set(s); n.delete(id); return n; });
    }
  };
  return [ids, run] as const;
}

const report = async (work: () => Promise<string>) => {
  try {
    toast.success(await work());
  } catch (error) {
    toast.error((error as Error).message);
  }
};

export function GiveawayTable({ giveaways, now }: { giveaways: Giveaway[]; now: number }) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const [toggling, runToggle] = useBusyIds();
  const [deleting, runDelete] = useBusyIds();
  const update = useUpdateGiveaway();
  const toggle = useToggleGiveaway();
  const remove = useDeleteGiveaway();

  async function saveEdit(id: number, values: GiveawayFormValues, image: File | null) {
    try {
      await update.mutateAsync({ id, values, image });
      toast.success('Giveaway updated successfully!');
      setEditingId(null);
      return true;
    } catch (error) {
      toast.error((error as Error).message);
      return false;
    }
  }

  // The edited row becomes one cell across every column: the editor replaces the row.
  const span = (first: boolean) => (g: Giveaway) => (g.id === editingId ? { colSpan: first ? 7 : 0 } : {});
  const columns: ColumnsType<Giveaway> = [
    {
      title: 'Preview',
      key: 'preview',
      onCell: span(true),
      render: (_, g) =>
        g.id === editingId ? (
          <GiveawayForm name={`editGiveaway${g.id}`} giveaway={g} submitLabel="Update Giveaway" busyLabel="Updating..." busy={update.isPending} onSubmit={(v, i) => saveEdit(g.id, v, i)} onCancel={() => setEditingId(null)} />
        ) : (
          <PreviewCell g={g} />
        ),
    },
    { title: 'Expires', key: 'expires', onCell: span(false), render: (_, g) => formatDateTime(g.expiredDate) },
    { title: 'Type', key: 'type', onCell: span(false), render: (_, g) => <TypeCell g={g} /> },
    { title: 'Gifts', key: 'gifts', onCell: span(false), render: (_, g) => <GiftsCell g={g} /> },
    { title: 'Status', key: 'status', onCell: span(false), render: (_, g) => <StatusTag status={giveawayStatus(g, now)} /> },
    { title: 'Winners', key: 'winners', onCell: span(false), render: (_, g) => <WinnersCell g={g} /> },
    {
      title: 'Actions',
      key: 'actions',
      onCell: span(false),
      render: (_, g) => {
        const busy = toggling.has(g.id) || deleting.has(g.id);
        const expired = giveawayStatus(g, now) === 'Expired';
        return (
          <Flex gap={6} wrap>
            <Button size="small" disabled={busy || editingId !== null} onClick={() => setEditingId(g.id)} aria-label={`Edit giveaway ${g.id}`}>Edit</Button>
            <Button
              size="small"
              loading={toggling.has(g.id)}
              disabled={busy || expired}
              aria-label={`${g.status ? 'Disable' : 'Enable'} giveaway ${g.id}`}
              onClick={() => void runToggle(g.id, () => report(async () => ((await toggle.mutateAsync(g)) ? 'Giveaway enabled successfully!' : 'Giveaway disabled successfully!')))}
            >
              {g.status ? 'Disable' : 'Enable'}
            </Button>
            <Popconfirm
              title="Are you sure you want to delete this giveaway?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => runDelete(g.id, () => report(async () => { await remove.mutateAsync(g.id); return 'Giveaway deleted successfully!'; }))}
            >
              <Button size="small" danger loading={deleting.has(g.id)} disabled={busy} aria-label={`Delete giveaway ${g.id}`}>Delete</Button>
            </Popconfirm>
          </Flex>
        );
      },
    },
  ];
  return <ResponsiveTable<Giveaway> rows={giveaways} columns={columns} rowKey="id" cardLabel={(g) => `Giveaway ${g.id}`} />;
}
