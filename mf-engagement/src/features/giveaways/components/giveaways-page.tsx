import { useState } from 'react';
import { Button, Flex, Select, SearchBox } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import { EmptyState, ErrorState, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { useGiveawayList } from '../hooks/use-giveaway-list';
import { AddGiveawayDrawer } from './add-giveaway-drawer';
import { GiveawayTable } from './giveaway-table';

export default function GiveawaysPage() {
  const { list, giveaways: query, view, now } = useGiveawayList();
  const totals = view.stats ?? { total: 0, active: 0, expired: 0, free: 0 };
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Giveaways"
        subtitle="Manage and monitor giveaway campaigns"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add New Giveaway
          </Button>
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
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <SearchBox
          label="Search giveaways"
          placeholder="Search giveaways..."
          value={list.search}
          onChange={list.setSearch}
          style={{ maxWidth: 320 }}
        />
        <Select
          aria-label="Status filter"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          style={{ minWidth: 150 }}
          options={[
            { value: 'all', label: 'All Status' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'expired', label: 'Expired' },
          ]}
        />
      </Flex>
      {query.isLoading ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Failed to load giveaways" onRetry={() => void query.refetch()} />
      ) : view.total === 0 ? (
        <EmptyState title="No giveaways found" />
      ) : (
        <>
          <GiveawayTable giveaways={view.rows} now={now} />
          <div style={{ marginTop: 12 }}>
            <Pagination
              page={view.page}
              pageSize={view.pageSize}
              total={view.total}
              onChange={list.setPage}
            />
          </div>
        </>
      )}
      <AddGiveawayDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
