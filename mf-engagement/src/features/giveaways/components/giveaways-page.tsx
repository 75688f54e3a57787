import { useState } from 'react';
import { Button, PlusOutlined } from '@manager/ui';
import { ErrorState, ListEmptyState, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { Can, listPager } from '@manager/platform';
import { useLiveRecord } from '@manager/platform/forms';
import { useGiveawayList } from '../hooks/use-giveaway-list';
import { AddGiveawayDrawer } from './add-giveaway-drawer';
import { GiveawayTable } from './giveaway-table';
import { GiveawayToolbar } from './giveaway-toolbar';

export default function GiveawaysPage() {
  const { list, giveaways: query, view, now } = useGiveawayList();
  const totals = view.stats ?? { total: 0, active: 0, expired: 0, free: 0 };
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The giveaway edited inline, live from the list query; the table stays while it is open.
  const editing = useLiveRecord(editingId, query.data);

  return (
    <>
      <PageHeader
        title="Giveaways"
        subtitle="Manage and monitor giveaway campaigns"
        extra={
          <Can permission="giveaways.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add New Giveaway
            </Button>
          </Can>
        }
      />
      <StatRow
        style={{ marginBottom: 16 }}
        cards={[
          { title: 'Total Giveaways', value: totals.total, loading: query.isLoading },
          { title: 'Active', value: totals.active, color: '#389e0d', loading: query.isLoading },
          { title: 'Expired', value: totals.expired, color: '#ff4d4f', loading: query.isLoading },
          { title: 'Free', value: totals.free, color: '#1677ff', loading: query.isLoading },
        ]}
      />
      <div style={{ marginBottom: 12 }}>
        <GiveawayToolbar list={list} />
      </div>
      {query.isLoading ? (
        <LoadingState />
      ) : query.isError && !editing ? (
        <ErrorState message="Failed to load giveaways" onRetry={() => void query.refetch()} />
      ) : view.total === 0 && !editing ? (
        <ListEmptyState title="No giveaways found" filtered={list.filtered} onClear={list.clear} />
      ) : (
        <>
          <GiveawayTable
            giveaways={view.rows}
            editing={editing}
            onEdit={setEditingId}
            now={now}
            sort={list.sort}
            onSort={list.setSort}
          />
          <div style={{ marginTop: 12 }}>
            <Pagination {...listPager(list, view)} />
          </div>
        </>
      )}
      <AddGiveawayDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
