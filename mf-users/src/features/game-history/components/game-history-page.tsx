import { calls, PAGE_SIZES } from '@manager/contract';
import { EmptyState, ExportCsvButton, PageHeader, Pagination } from '@manager/ui';
import { SearchOutlined } from '@manager/ui';
import { Flex, Input, usePhone } from '@manager/ui';
import { useCsvExport, useListState, useListView } from '@manager/platform';
import { useGameHistory } from '../api/get-game-history';
import { GameCards, GamesTable } from './games-list';

export default function GameHistoryPage() {
  const phone = usePhone();
  // Page and search live in the URL (`?q=&page=`): a reload or Back shows the same games.
  const list = useListState({ pageSize: PAGE_SIZES.GAMES });
  const { data, isFetching, isPlaceholderData } = useGameHistory({
    page: list.page,
    search: list.query.search,
  });
  const view = useListView(list, data, { stale: isPlaceholderData });
  // Every game of the search, in the list's order (the export takes the search only).
  const exporter = useCsvExport(calls.exportGameHistory, { search: list.query.search });

  let content;
  if (data && view.rows.length === 0)
    content = <EmptyState title="No games found" description="Try adjusting your search terms" />;
  else if (phone) content = <GameCards games={view.rows} />;
  else content = <GamesTable games={view.rows} loading={isFetching && !data} />;

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Game History" subtitle={`${view.total} games found`} />
      <Flex gap={8} wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          aria-label="Search games"
          placeholder="Search games..."
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <ExportCsvButton export={exporter} expectedRows={data ? view.total : undefined} />
      </Flex>
      {content}
      <Pagination page={view.page} pageSize={view.pageSize} total={view.total} onChange={list.setPage} />
    </Flex>
  );
}
