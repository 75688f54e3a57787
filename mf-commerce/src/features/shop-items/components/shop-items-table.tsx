import type { ShopItem, SHOP_ITEM_SORTS } from '@manager/contract';

type ShopItemSort = (typeof SHOP_ITEM_SORTS)[number] | `-${(typeof SHOP_ITEM_SORTS)[number]}`;
import { CurrencyIcon, GiftImage, onTableSort, ResponsiveTable, sortableColumn } from '@manager/ui';
import { Button, Flex, Tag, Typography, type TableColumnsType } from '@manager/ui';
import type { ReactNode } from 'react';
import { uploadUrl, useCan } from '@manager/platform';

interface ShopItemsTableProps {
  items: readonly ShopItem[];
  /** The list's sort (`price`, `-sold`...): Price and Sold sort the whole list, not the page. */
  sort: string | undefined;
  onSort: (sort: ShopItemSort | undefined) => void;
  editingId: number | null;
  busy: Record<number, string>;
  /** The inline form shown in place of the row being edited. */
  renderEditor: (item: ShopItem) => ReactNode;
  onEdit: (item: ShopItem) => void;
  onToggle: (item: ShopItem) => void;
  onDelete: (item: ShopItem) => void;
}

export function ShopItemsTable({
  items,
  sort,
  onSort,
  editingId,
  busy,
  renderEditor,
  onEdit,
  onToggle,
  onDelete,
}: ShopItemsTableProps) {
  const COLS = 6;
  // The row in edit mode is one cell spanning the table (spec: inline edit replaces the row).
  const span = (item: ShopItem, first = false) => ({
    colSpan: item.id === editingId ? (first ? COLS : 0) : 1,
  });

  // Edit, switch and delete only for an admin who may (shop.manage); the API refuses the rest.

  const canManage = useCan('shop.manage');

  const columns: TableColumnsType<ShopItem> = [
    {
      title: 'Item',
      key: 'item',
      onCell: (item) => span(item, true),
      render: (_, item) =>
        item.id === editingId ? (
          renderEditor(item)
        ) : (
          <Flex gap={10} align="center">
            <GiftImage
              name={item.titleEn}
              src={uploadUrl(item.thumbUrl ?? item.photoUrl)}
              alt={`${item.titleEn} thumbnail`}
              size={44}
            />
            <Flex vertical>
              <Typography.Text strong>{item.titleEn}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.titleRu}
              </Typography.Text>
            </Flex>
          </Flex>
        ),
    },
    { title: 'Type', key: 'type', onCell: (i) => span(i), render: (_, i) => <Tag>{i.type}</Tag> },
    {
      title: 'Price',
      key: 'price',
      ...sortableColumn('price', sort),
      onCell: (i) => span(i),
      render: (_, i) => (
        <Flex gap={4} align="center">
          {i.price} <CurrencyIcon currency={i.currency} withLabel />
        </Flex>
      ),
    },
    {
      title: 'Sold',
      key: 'sold',
      ...sortableColumn('sold', sort),
      onCell: (i) => span(i),
      render: (_, i) => i.sold,
    },
    {
      title: 'Status',
      key: 'status',
      onCell: (i) => span(i),
      render: (_, i) => <Tag color={i.status ? 'green' : 'default'}>{i.status ? 'Active' : 'Inactive'}</Tag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      onCell: (i) => span(i),
      render: (_, i) => {
        const rowBusy = busy[i.id];
        return (
          <Flex gap={4} wrap>
            <Button
              size="small"
              onClick={() => onEdit(i)}
              disabled={!!rowBusy || editingId !== null}
              aria-label={`Edit ${i.titleEn}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              onClick={() => onToggle(i)}
              loading={rowBusy === 'toggle'}
              disabled={!!rowBusy}
              aria-label={`${i.status ? 'Disable' : 'Enable'} ${i.titleEn}`}
            >
              {i.status ? 'Disable' : 'Enable'}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => onDelete(i)}
              loading={rowBusy === 'delete'}
              disabled={!!rowBusy}
              aria-label={`Delete ${i.titleEn}`}
            >
              Delete
            </Button>
          </Flex>
        );
      },
    },
  ];

  return (
    <ResponsiveTable
      rowKey="id"
      columns={canManage ? columns : columns.filter((c) => c.key !== 'actions')}
      rows={items as ShopItem[]}
      cardLabel={(i) => i.titleEn}
      tableWidth={760}
      tableProps={{ onChange: onTableSort(onSort as (sort: string | undefined) => void) }}
    />
  );
}
