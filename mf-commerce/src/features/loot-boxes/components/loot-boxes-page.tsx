import { PlusOutlined } from '@manager/ui';
import { LOOT_BOX_SORTS, PAGE_SIZES, type LootBox } from '@manager/contract';
import { toast, useListState, useListView, useRowCalls } from '@manager/platform';
import { EmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Button, Flex, Modal } from '@manager/ui';
import { useEffect, useState } from 'react';
import { compareLootBoxes, useLootBoxes } from '../api/get-loot-boxes';
import { useDeleteLootBox, useToggleLootBox } from '../api/save-loot-box';
import { LootBoxModal } from './loot-box-modal';
import { LootBoxesTable } from './loot-boxes-table';

export default function LootBoxesPage() {
  const list = useListState({ pageSize: PAGE_SIZES.LOOT_BOXES, sorts: LOOT_BOX_SORTS });
  const { data, isPending, isPlaceholderData, error } = useLootBoxes(list.query);
  const view = useListView(list, data, { compare: compareLootBoxes, stale: isPlaceholderData });
  const toggle = useToggleLootBox();
  const remove = useDeleteLootBox();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<LootBox | 'new' | null>(null);
  const { busy, run } = useRowCalls<'toggle' | 'delete'>();

  // docs/screens.md: a failed list load is a toast, and the list stays empty.
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);

  const confirmDelete = (box: LootBox) =>
    modal.confirm({
      title: `Are you sure you want to delete "${box.name}"?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        void run(
          async () => {
            await remove.mutateAsync(box.id);
            return 'Loot box deleted';
          },
          { id: box.id, kind: 'delete' },
        ),
    });

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <PageHeader
        title="Loot Boxes"
        subtitle="Manage loot boxes and their weighted rewards"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Add Loot Box
          </Button>
        }
      />
      {isPending ? (
        <LoadingState />
      ) : view.total === 0 ? (
        <EmptyState title="No loot boxes found. Create your first loot box!" />
      ) : (
        <LootBoxesTable
          boxes={view.rows}
          sort={list.sort}
          onSort={list.setSort}
          busy={busy}
          onEdit={setEditing}
          onToggle={(box) =>
            void run(async () => (await toggle.mutateAsync(box.id)).message ?? 'Done', {
              id: box.id,
              kind: 'toggle',
            })
          }
          onDelete={confirmDelete}
        />
      )}
      <Pagination page={view.page} pageSize={view.pageSize} total={view.total} onChange={list.setPage} />
      {editing && (
        <LootBoxModal box={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
}
