import type { UserGame, UserInventory, UserWithdrawal } from '@manager/contract';
import { listPager, useListState, useListView } from '@manager/platform';
import { Flex, ListEmptyState, ListToolbar, Pagination, SearchBox, Select } from '@manager/ui';
import type { ReactNode } from 'react';
import { GamesTable, InventoryTable, WithdrawalsTable } from './tab-tables';

/*
 * The Withdrawals, Games and Inventory tabs: lists of the player's detail answer (its 20 latest
 * withdrawals and games, 50 inventory items), searched, filtered and paged in the browser with
 * the console's list kit (docs/screens.md#list-controls). Each keeps its view in the address
 * under its own prefix (`w.status`, `g.result`, `i.q`), apart from the page's `tab`.
 */

interface TabListProps {
  toolbar: ReactNode;
  table: ReactNode;
  empty: ReactNode;
  showEmpty: boolean;
  pager: ReactNode;
}

function TabList({ toolbar, table, empty, showEmpty, pager }: TabListProps) {
  return (
    <Flex vertical gap={12}>
      {toolbar}
      {showEmpty ? empty : table}
      {pager}
    </Flex>
  );
}

const WITHDRAWALS = {
  pageSize: 20,
  prefix: 'w.',
  filters: { status: ['all', 'completed', 'pending', 'rejected'] },
} as const;

const withdrawalStatus = (w: UserWithdrawal) =>
  w.status ? 'completed' : w.rejected ? 'rejected' : 'pending';

export function WithdrawalsList({ rows }: { rows: UserWithdrawal[] }) {
  const list = useListState(WITHDRAWALS);
  const status = list.filters.status;
  const view = useListView(list, rows, {
    match: (w) => status === 'all' || withdrawalStatus(w) === status,
  });
  return (
    <TabList
      toolbar={
        <ListToolbar
          filters={
            <Select
              aria-label="Withdrawal status filter"
              value={status}
              onChange={(v: string) => list.setFilter('status', v)}
              style={{ minWidth: 140 }}
              options={[
                { value: 'all', label: 'All Status' },
                { value: 'completed', label: 'Completed' },
                { value: 'pending', label: 'Pending' },
                { value: 'rejected', label: 'Rejected' },
              ]}
            />
          }
          onClear={list.clear}
          filtered={list.filtered}
        />
      }
      table={<WithdrawalsTable rows={[...view.rows]} />}
      showEmpty={view.total === 0}
      empty={<ListEmptyState title="No withdrawals" filtered={list.filtered} onClear={list.clear} />}
      pager={<Pagination {...listPager(list, view)} />}
    />
  );
}

const GAMES = { pageSize: 20, prefix: 'g.', filters: { result: ['all', 'won', 'not-won'] } } as const;

export function GamesList({ rows }: { rows: UserGame[] }) {
  const list = useListState(GAMES);
  const { result } = list.filters;
  const term = list.query.search?.toLowerCase();
  const view = useListView(list, rows, {
    match: (g) =>
      (result === 'all' || g.isWinner === (result === 'won')) &&
      (!term || g.roomCode.toLowerCase().includes(term)),
  });
  return (
    <TabList
      toolbar={
        <ListToolbar
          search={
            <SearchBox
              label="Search games"
              placeholder="Search by room code"
              value={list.search}
              onChange={list.setSearch}
            />
          }
          filters={
            <Select
              aria-label="Result filter"
              value={result}
              onChange={(v: string) => list.setFilter('result', v)}
              style={{ minWidth: 140 }}
              options={[
                { value: 'all', label: 'All Results' },
                { value: 'won', label: 'Won' },
                { value: 'not-won', label: 'Not won' },
              ]}
            />
          }
          onClear={list.clear}
          filtered={list.filtered}
        />
      }
      table={<GamesTable rows={[...view.rows]} />}
      showEmpty={view.total === 0}
      empty={<ListEmptyState title="No games" filtered={list.filtered} onClear={list.clear} />}
      pager={<Pagination {...listPager(list, view)} />}
    />
  );
}

const INVENTORY = { pageSize: 50, prefix: 'i.' } as const;

export function InventoryList({ rows }: { rows: UserInventory[] }) {
  const list = useListState(INVENTORY);
  const term = list.query.search?.toLowerCase();
  const view = useListView(list, rows, { match: (i) => !term || i.name.toLowerCase().includes(term) });
  return (
    <TabList
      toolbar={
        <ListToolbar
          search={
            <SearchBox
              label="Search inventory"
              placeholder="Search by gift name"
              value={list.search}
              onChange={list.setSearch}
            />
          }
          onClear={list.clear}
          filtered={list.filtered}
        />
      }
      table={<InventoryTable rows={[...view.rows]} />}
      showEmpty={view.total === 0}
      empty={<ListEmptyState title="No inventory" filtered={list.filtered} onClear={list.clear} />}
      pager={<Pagination {...listPager(list, view)} />}
    />
  );
}
