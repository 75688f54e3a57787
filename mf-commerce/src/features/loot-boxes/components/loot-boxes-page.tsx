import { PlusOutlined } from '@manager/ui';
import { LOOT_BOX_SORTS, PAGE_SIZES, type LootBox } from '@manager/contract';
import { Can, listPager, toast, useListState, useListView, useRowCalls } from '@manager/platform';
import { useLiveRecord } from '@manager/platform/forms';
import { ListEmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Button, Flex, Modal } from '@manager/ui';
import { useEffect, useState } from 'react';
import { compareLootBoxes, useLootBoxes } from '../api/get-loot-boxes';
import { useDeleteLootBox, useToggleLootBox } from '../api/save-loot-box';
import { LootBoxModal } from './loot-box-modal';
import { LOOT_BOX_FILTERS, LootBoxesFilters, lootBoxMatcher } from './loot-boxes-filters';
import { LootBoxesTable } from './loot-boxes-table';

export default function LootBoxesPage() {
  const list = useListState({
    pageSize: PAGE_SIZES.LOOT_BOXES,
    filters: LOOT_BOX_FILTERS,
    sorts: LOOT_BOX_SORTS,
  });
  const { data, isPending, isPlaceholderData, error } = useLootBoxes(list.query);
  const view = useListView(list, data, {
    stale: isPlaceholderData,
    match: lootBoxMatcher({ search: list.settledSearch, status: list.filters.status }),
    compare: compareLootBoxes,
  });
  const toggle = useToggleLootBox();
  const remove = useDeleteLootBox();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The box under the form, read live from the list an event refreshes.
  // From the whole answer, not the page shown: a change that sorts or filters the box off the page still reaches its form.
  const editedBox = useLiveRecord(typeof editing === 'number' ? editing : null, data);
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
          <Can permission="lootboxes.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add Loot Box
            </Button>
          </Can>
        }
      />
      <LootBoxesFilters
        search={list.search}
        onSearch={list.setSearch}
        status={list.filters.status}
        onStatus={(value) => list.setFilter('status', value)}
        onClear={list.clear}
        filtered={list.filtered}
        sort={list.sort}
        onSort={list.setSort}
      />
      {isPending ? (
        <LoadingState />
      ) : view.total === 0 ? (
        <ListEmptyState
          title="No loot boxes found. Create your first loot box!"
          filtered={list.filtered}
          onClear={list.clear}
        />
      ) : (
        <LootBoxesTable
          boxes={view.rows}
          sort={list.sort}
          onSort={list.setSort}
          busy={busy}
          onEdit={(box) => setEditing(box.id)}
          onToggle={(box) =>
            void run(async () => (await toggle.mutateAsync(box.id)).message ?? 'Done', {
              id: box.id,
              kind: 'toggle',
            })
          }
          onDelete={confirmDelete}
        />
      )}
      <Pagination {...listPager(list, view)} />
      {(editing === 'new' || editedBox) && (
        <LootBoxModal box={editedBox ?? undefined} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
}
