import { useState } from 'react';
import { Button, Flex, Select, SearchBox } from '@manager/ui';
import { PlusOutlined } from '@manager/ui';
import { EmptyState, ErrorState, LoadingState, PageHeader, Pagination, StatRow } from '@manager/ui';
import { useGiveaways } from '../api/get-giveaways';
import { GIVEAWAYS_PAGE_SIZE, useGiveawayFilters, type GiveawayStatusFilter } from '../hooks/use-giveaway-filters';
import { giveawayTotals } from '../model/giveaway-totals';
import { AddGiveawayDrawer } from './add-giveaway-drawer';
import { GiveawayTable } from './giveaway-table';

export default function GiveawaysPage() {
  const query = useGiveaways();
  // One "now" per load keeps status, tiles and toggles consistent within a render.
  const now = query.dataUpdatedAt || Date.now();
  const all = query.data ?? [];
  const f = useGiveawayFilters(all, now);
  const totals = giveawayTotals(all, now);
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Giveaways"
        subtitle="Manage and monitor giveaway campaigns"
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add New Giveaway</Button>}
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
        <SearchBox label="Search giveaways" placeholder="Search giveaways..." value={f.search} onChange={f.setSearch} style={{ maxWidth: 320 }} />
        <Select<GiveawayStatusFilter>
          aria-label="Status filter"
          value={f.status}
          onChange={f.setStatus}
          style={{ minWidth: 150 }}
          options={[{ value: 'all', label: 'All Status' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }, { value: 'expired', label: 'Expired' }]}
        />
      </Flex>
      {query.isLoading ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Failed to load giveaways" onRetry={() => void query.refetch()} />
      ) : f.filtered.length === 0 ? (
        <EmptyState title="No giveaways found" />
      ) : (
        <>
          <GiveawayTable giveaways={f.visible} now={now} />
          <div style={{ marginTop: 12 }}>
            <Pagination page={f.page} pageSize={GIVEAWAYS_PAGE_SIZE} total={f.filtered.length} onChange={f.setPage} />
          </div>
        </>
      )}
      <AddGiveawayDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
