import { PAGE_SIZES } from '@manager/contract';
import { EmptyState, PageHeader, Pagination } from '@manager/ui';
import { SearchOutlined } from '@manager/ui';
import { Flex, Input, usePhone } from '@manager/ui';
import { useDebouncedValue } from '@manager/platform';
import { useState } from 'react';
import { useGameHistory } from '../api/get-game-history';
import { GameCards, GamesTable } from './games-list';

export default function GameHistoryPage() {
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(search.trim());
  const { data, isFetching } = useGameHistory({ page, search: settled });
  const games = data?.games ?? [];
  const total = data?.pagination.totalGames ?? 0;

  let list;
  if (data && games.length === 0) list = <EmptyState title="No games found" description="Try adjusting your search terms" />;
  else if (phone) list = <GameCards games={games} />;
  else list = <GamesTable games={games} loading={isFetching && !data} />;

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Game History" subtitle={`${total} games found`} />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        aria-label="Search games"
        placeholder="Search games..."
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        style={{ maxWidth: 420 }}
      />
      {list}
      <Pagination page={page} pageSize={PAGE_SIZES.GAMES} total={total} onChange={setPage} />
    </Flex>
  );
}
