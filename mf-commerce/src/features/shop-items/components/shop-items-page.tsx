import { PlusOutlined } from '@manager/ui';
import { PAGE_SIZES, SHOP_ITEM_SORTS, type ShopItem } from '@manager/contract';
import { ListEmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Button, Drawer, Flex, Modal, usePhone } from '@manager/ui';
import { Can, listPager, useListState, useListView } from '@manager/platform';
import { useLiveRecord, useRowsKeeping } from '@manager/platform/forms';
import { useState } from 'react';
import { useAllShopItems, useShopItems } from '../api/get-shop-items';
import { useShopItemActions } from '../hooks/use-shop-item-actions';
import { ShopItemForm } from './shop-item-form';
import { compareShopItems, SHOP_ITEM_FILTERS, shopItemMatcher, ShopItemsFilters } from './shop-items-filters';
import { ShopItemsStats, shopItemsStats } from './shop-items-stats';
import { ShopItemsTable } from './shop-items-table';

export default function ShopItemsPage() {
  const list = useListState({
    pageSize: PAGE_SIZES.SHOP_ITEMS,
    filters: SHOP_ITEM_FILTERS,
    sorts: SHOP_ITEM_SORTS,
  });
  const { data, isPending, isPlaceholderData } = useShopItems(list.query);
  const view = useListView(list, data, {
    stale: isPlaceholderData,
    match: shopItemMatcher({ search: list.settledSearch, ...list.filters }),
    compare: compareShopItems,
    stats: (all) => shopItemsStats(all),
  });
  const actions = useShopItemActions();
  const [modal, modalHolder] = Modal.useModal();
  const desktop = !usePhone();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  // A NOOB_PACK's form offers every other item as a bundle, not only the page's.
  const { data: items = [] } = useAllShopItems(adding || editingId !== null);
  // The item under the inline form, read live from the lists an event refreshes; its row stays
  // on the page while the form is open.
  const editing = useLiveRecord(editingId, view.rows, items);
  const rows = useRowsKeeping(view.rows, editing);

  const confirmDelete = (item: ShopItem) =>
    modal.confirm({
      title: `Are you sure you want to delete "${item.titleEn}"?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => void actions.remove(item),
    });

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <PageHeader
        title="Shop"
        subtitle="Manage shop items"
        extra={
          <Can permission="shop.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add New Item
            </Button>
          </Can>
        }
      />
      <ShopItemsStats stats={view.stats} />
      <ShopItemsFilters
        search={list.search}
        onSearch={list.setSearch}
        filters={list.filters}
        onFilter={list.setFilter}
        onClear={list.clear}
        filtered={list.filtered}
        sort={list.sort}
        onSort={list.setSort}
      />
      {isPending ? (
        <LoadingState />
      ) : view.total === 0 && rows.length === 0 ? (
        <ListEmptyState
          title="No shop items found"
          description={list.filtered ? 'Try adjusting your search terms' : undefined}
          filtered={list.filtered}
          onClear={list.clear}
        />
      ) : (
        <ShopItemsTable
          items={rows}
          sort={list.sort}
          onSort={list.setSort}
          editingId={editingId}
          busy={actions.busy}
          onEdit={(i) => setEditingId(i.id)}
          onToggle={(i) => void actions.toggle(i)}
          onDelete={confirmDelete}
          renderEditor={(item) => (
            <ShopItemForm
              item={item}
              items={items}
              busy={actions.busy[item.id] === 'update'}
              onCancel={() => setEditingId(null)}
              onSubmit={async (values) => {
                const done = await actions.update(item, values);
                if (done) setEditingId(null);
                return done;
              }}
            />
          )}
        />
      )}
      <Pagination {...listPager(list, view)} />
      <Drawer
        title="Add New Item"
        open={adding}
        onClose={() => setAdding(false)}
        size={desktop ? 'large' : '100%'}
        destroyOnHidden
      >
        <ShopItemForm
          items={items}
          busy={actions.adding}
          onCancel={() => setAdding(false)}
          onSubmit={actions.add}
        />
      </Drawer>
    </Flex>
  );
}
