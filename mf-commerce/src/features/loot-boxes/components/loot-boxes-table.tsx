import type { LOOT_BOX_SORTS, LootBox } from '@manager/contract';
import { formatDate, GiftImage, onTableSort, ResponsiveTable, sortableColumn } from '@manager/ui';
import { Button, Flex, Tag, type TableColumnsType } from '@manager/ui';
import { uploadUrl, useCan } from '@manager/platform';

type LootBoxSort = (typeof LOOT_BOX_SORTS)[number] | `-${(typeof LOOT_BOX_SORTS)[number]}`;

interface LootBoxesTableProps {
  boxes: readonly LootBox[];
  /** The list's sort (`name`, `-amount`...): Name, Amount and Created sort the whole list, not the page. */
  sort: string | undefined;
  onSort: (sort: LootBoxSort | undefined) => void;
  busy: Record<number, string>;
  onEdit: (box: LootBox) => void;
  onToggle: (box: LootBox) => void;
  onDelete: (box: LootBox) => void;
}

const rewardSummary = (box: LootBox) =>
  box.rewards.map((r) => `${r.type} ${Number((r.chance * 100).toFixed(2))}%`).join(', ');

export function LootBoxesTable({
  boxes,
  sort,
  onSort,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: LootBoxesTableProps) {
  // Edit, switch and delete only for an admin who may (lootboxes.manage); the API refuses the rest.
  const canManage = useCan('lootboxes.manage');
  const columns: TableColumnsType<LootBox> = [
    { title: 'Name', key: 'name', ...sortableColumn('name', sort), render: (_, b) => b.name },
    {
      title: 'Amount (Stars)',
      key: 'amount',
      ...sortableColumn('amount', sort),
      render: (_, b) => `⭐ ${b.amount}`,
    },
    {
      title: 'Image',
      key: 'image',
      render: (_, b) => (
        <GiftImage name={b.name} src={uploadUrl(b.imageUrl)} alt={`${b.name} image`} size={40} />
      ),
    },
    {
      title: 'Rewards',
      key: 'rewards',
      render: (_, b) => <span title={rewardSummary(b)}>{b.rewards.length} rewards</span>,
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, b) => (
        <Tag color={b.isActive ? 'green' : 'default'}>{b.isActive ? 'Active' : 'Inactive'}</Tag>
      ),
    },
    {
      title: 'Created',
      key: 'createdAt',
      ...sortableColumn('createdAt', sort),
      render: (_, b) => formatDate(b.createdAt),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, b) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            onClick={() => onEdit(b)}
            disabled={!!busy[b.id]}
            aria-label={`Edit ${b.name}`}
          >
            Edit
          </Button>
          <Button
            size="small"
            onClick={() => onToggle(b)}
            loading={busy[b.id] === 'toggle'}
            disabled={!!busy[b.id]}
            aria-label={`${b.isActive ? 'Deactivate' : 'Activate'} ${b.name}`}
          >
            {b.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => onDelete(b)}
            loading={busy[b.id] === 'delete'}
            disabled={!!busy[b.id]}
            aria-label={`Delete ${b.name}`}
          >
            Delete
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <ResponsiveTable
      rowKey="id"
      columns={canManage ? columns : columns.filter((c) => c.key !== 'actions')}
      rows={boxes as LootBox[]}
      cardLabel={(b) => b.name}
      tableWidth={760}
      tableProps={{ onChange: onTableSort(onSort as (sort: string | undefined) => void) }}
    />
  );
}
