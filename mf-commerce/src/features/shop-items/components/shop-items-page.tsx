import { PlusOutlined } from '@manager/ui';
import { PAGE_SIZES, type ShopItem } from '@manager/contract';
import { EmptyState, LoadingState, PageHeader, Pagination } from '@manager/ui';
import { Button, Drawer, Flex, Modal, usePhone } from '@manager/ui';
import { useClientPages } from '@manager/platform';
import { useState } from 'react';
import { useShopItems } from '../api/get-shop-items';
import { useShopItemActions } from '../hooks/use-shop-item-actions';
import { ShopItemForm } from './shop-item-form';
import { filterShopItems, ShopItemsFilters, type ShopItemFilterValues } from './shop-items-filters';
import { ShopItemsStats } from './shop-items-stats';
import { ShopItemsTable } from './shop-items-table';

export default function ShopItemsPage() {
  const { data: items = [], isPending } = useShopItems();
  const actions = useShopItemActions();
  const [modal, modalHolder] = Modal.useModal();
  const desktop = !usePhone();
  const [filters, setFilters] = useState<ShopItemFilterValues>({ search: '', type: 'all', status: 'all' });
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);

  const filtered = filterShopItems(items, filters);
  const { page, setPage, visible: pageItems, resetting } = useClientPages(filtered, PAGE_SIZES.SHOP_ITEMS);

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
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add New Item</Button>}
      />
      <ShopItemsStats items={items} />
      <ShopItemsFilters
        value={filters}
        onChange={resetting(setFilters)}
      />
      {isPending ? (
        <LoadingState />
      ) : filtered.length === 0 ? (
        <EmptyState title="No shop items found" description="Try adjusting your search terms" />
      ) : (
        <ShopItemsTable
          items={pageItems}
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
      <Pagination page={page} pageSize={PAGE_SIZES.SHOP_ITEMS} total={filtered.length} onChange={setPage} />
      <Drawer title="Add New Item" open={adding} onClose={() => setAdding(false)} size={desktop ? 'large' : '100%'} destroyOnHidden>
        <ShopItemForm items={items} busy={actions.adding} onCancel={() => setAdding(false)} onSubmit={actions.add} />
      </Drawer>
    </Flex>
  );
}
