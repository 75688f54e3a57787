import type { Game } from '@manager/contract';
import { formatDateTime, tableScrollX } from '@manager/ui';
import { Card, Descriptions, Flex, Table, type TableColumnsType } from '@manager/ui';
import { isWinner, Player, Result, Rewards, RoomInfo } from './game-parts';

const columns: TableColumnsType<Game> = [
  { title: 'Room Info', key: 'room', render: (_, g) => <RoomInfo game={g} /> },
  {
    title: 'Player 1',
    key: 'p1',
    render: (_, g) => <Player person={g.player1} winner={isWinner(g, g.player1)} />,
  },
  {
    title: 'Player 2',
    key: 'p2',
    render: (_, g) => <Player person={g.player2} winner={isWinner(g, g.player2)} />,
  },
  { title: 'Result', key: 'result', render: (_, g) => <Result game={g} /> },
  { title: 'Rewards', key: 'rewards', render: (_, g) => <Rewards game={g} /> },
  { title: 'Date', key: 'date', render: (_, g) => formatDateTime(g.createdAt) },
];

export function GamesTable({ games, loading }: { games: readonly Game[]; loading: boolean }) {
  return (
    <Table<Game>
      rowKey="id"
      columns={columns}
      dataSource={games}
      loading={loading}
      pagination={false}
      {...tableScrollX()}
    />
  );
}

/** The phone layout: one card per game with the same fields. */
export function GameCards({ games }: { games: readonly Game[] }) {
  return (
    <Flex vertical gap={8} role="list" aria-label="Games">
      {games.map((g) => (
        <Card key={g.id} size="small" role="listitem">
          <Flex vertical gap={8}>
            <RoomInfo game={g} />
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'p1',
                  label: 'Player 1',
                  children: <Player person={g.player1} winner={isWinner(g, g.player1)} />,
                },
                {
                  key: 'p2',
                  label: 'Player 2',
                  children: <Player person={g.player2} winner={isWinner(g, g.player2)} />,
                },
                { key: 'result', label: 'Result', children: <Result game={g} /> },
                { key: 'rewards', label: 'Rewards', children: <Rewards game={g} /> },
                { key: 'date', label: 'Date', children: formatDateTime(g.createdAt) },
              ]}
            />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
