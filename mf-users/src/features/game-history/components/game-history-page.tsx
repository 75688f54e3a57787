import { calls, PAGE_SIZES } from '@manager/contract';
import {
  ExportCsvButton,
  Flex,
  ListEmptyState,
  ListToolbar,
  PageHeader,
  Pagination,
  SearchBox,
  usePhone,
} from '@manager/ui';
import { listPager, useCsvExport, useListState, useListView } from '@manager/platform';
import { useGameHistory } from '../api/get-game-history';
import { GameCards, GamesTable } from './games-list';

export default function GameHistoryPage() {
  const phone = usePhone();
  // Page, search and page size live in the URL (`?q=&page=&size=`): a reload or Back shows the same games.
  const list = useListState({ pageSize: PAGE_SIZES.GAMES });
  const { data, isFetching, isPlaceholderData } = useGameHistory({
    page: list.page,
    limit: list.pageSize,
    search: list.query.search,
  });
  const view = useListView(list, data, { stale: isPlaceholderData });
  // Every game of the search, in the list's order (the export takes the search only).
  const exporter = useCsvExport(calls.exportGameHistory, { search: list.query.search });

  let content;
  if (data && view.rows.length === 0)
    content = (
      <ListEmptyState
        title="No games found"
        description="Try adjusting your search terms"
        filtered={list.filtered}
        onClear={list.clear}
      />
    );
  else if (phone) content = <GameCards games={view.rows} />;
  else content = <GamesTable games={view.rows} loading={isFetching && !data} />;

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Game History" subtitle={`${view.total} games found`} />
      <ListToolbar
        search={
          <SearchBox
            label="Search games"
            placeholder="Search games..."
            value={list.search}
            onChange={list.setSearch}
          />
        }
        onClear={list.clear}
        filtered={list.filtered}
        actions={<ExportCsvButton export={exporter} expectedRows={data ? view.total : undefined} />}
      />
      {content}
      <Pagination {...listPager(list, view)} />
    </Flex>
  );
}
