import { PlusOutlined } from '@manager/ui';
import type { LootBox } from '@manager/contract';
import { toast } from '@manager/platform';
import { EmptyState, LoadingState, PageHeader } from '@manager/ui';
import { Button, Flex, Modal } from '@manager/ui';
import { useEffect, useState } from 'react';
import { useLootBoxes } from '../api/get-loot-boxes';
import { useDeleteLootBox, useToggleLootBox } from '../api/save-loot-box';
import { LootBoxModal } from './loot-box-modal';
import { LootBoxesTable } from './loot-boxes-table';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unknown error');

export default function LootBoxesPage() {
  const { data: boxes = [], isPending, error } = useLootBoxes();
  const toggle = useToggleLootBox();
  const remove = useDeleteLootBox();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<LootBox | 'new' | null>(null);
  const [busy, setBusy] = useState<Record<number, string>>({});

  // docs/screens.md: a failed list load is a toast, and the list stays empty.
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);

  async function run(box: LootBox, what: string, call: () => Promise<{ message?: string }>, success?: string) {
    setBusy((b) => ({ ...b, [box.id]: what }));
    try {
      const body = await call();
      toast.success(success ?? body.message ?? 'Done');
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setBusy(({ [box.id]: _done, ...rest }) => rest);
    }
  }

  const confirmDelete = (box: LootBox) =>
    modal.confirm({
      title: `Are you sure you want to delete "${box.name}"?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => void run(box, 'delete', () => remove.mutateAsync(box.id), 'Loot box deleted'),
    });

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <PageHeader
        title="Loot Boxes"
        subtitle="Manage loot boxes and their weighted rewards"
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>Add Loot Box</Button>}
      />
      {isPending ? (
        <LoadingState />
      ) : boxes.length === 0 ? (
        <EmptyState title="No loot boxes found. Create your first loot box!" />
      ) : (
        <LootBoxesTable
          boxes={boxes}
          busy={busy}
          onEdit={setEditing}
          onToggle={(box) => void run(box, 'toggle', () => toggle.mutateAsync(box.id))}
          onDelete={confirmDelete}
        />
      )}
      {editing && <LootBoxModal box={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
