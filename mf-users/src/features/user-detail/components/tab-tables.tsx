import type { UserGame, UserInventory, UserWithdrawal } from '@manager/contract';
import { CurrencyIcon, formatDateTime, formatEnum, GiftImage, tableScrollX } from '@manager/ui';
import { getRuntimeConfig } from '@manager/platform';
import { Flex, Table, Tag, type TableColumnsType } from '@manager/ui';

/** The NFT picture host of the runtime config (absent in unit tests: placeholder). */
const nftBase = () => {
  try {
    return getRuntimeConfig().nftImageBaseUrl;
  } catch {
    return undefined;
  }
};

const amountOf = (currency: string, amount: number) =>
  currency === 'TON' ? `${amount.toFixed(2)} TON` : `${amount} ${currency}`;

const withdrawalColumns: TableColumnsType<UserWithdrawal> = [
  { title: 'Item', key: 'item', render: (_, w) => w.inventory?.name ?? '-' },
  { title: 'Amount', key: 'amount', render: (_, w) => amountOf(w.currency, w.amount) },
  {
    title: 'Status',
    key: 'status',
    render: (_, w) => {
      if (w.status) return <Tag color="green">Completed</Tag>;
      return w.rejected ? <Tag color="red">Rejected</Tag> : <Tag color="gold">Pending</Tag>;
    },
  },
  { title: 'Date', key: 'date', render: (_, w) => formatDateTime(w.createdAt) },
];

const rewardsText = (g: UserGame) => {
  const parts = [
    g.rewards.ton ? `${g.rewards.ton} TON` : '',
    g.rewards.stars ? `${g.rewards.stars} Stars` : '',
    ...g.rewards.nfts.map((n) => n.name),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '-';
};

const gameColumns: TableColumnsType<UserGame> = [
  { title: 'Room', dataIndex: 'roomCode' },
  { title: 'Side', key: 'side', render: (_, g) => (g.isPlayer1 ? 'Player 1' : 'Player 2') },
  { title: 'Score', key: 'score', render: (_, g) => `${g.scores.player1} - ${g.scores.player2}` },
  {
    title: 'Result',
    key: 'result',
    render: (_, g) => (g.isWinner ? <Tag color="green">Won</Tag> : <Tag>Not won</Tag>),
  },
  {
    title: 'Rewards',
    key: 'rewards',
    render: (_, g) => (
      <Flex gap={4} align="center">
        {g.rewards.ton > 0 && <CurrencyIcon currency="TON" />}
        {g.rewards.stars > 0 && <CurrencyIcon currency="STAR" />}
        {rewardsText(g)}
      </Flex>
    ),
  },
  { title: 'Date', key: 'date', render: (_, g) => formatDateTime(g.createdAt) },
];

const inventoryColumns: TableColumnsType<UserInventory> = [
  {
    title: 'Gift',
    key: 'gift',
    render: (_, i) => <GiftImage name={i.name} baseUrl={nftBase()} src={i.modelThumbUrl} size={32} />,
  },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Number', key: 'number', render: (_, i) => (i.giftNumber === null ? '-' : `#${i.giftNumber}`) },
  { title: 'Status', dataIndex: 'status', render: (s: string) => <Tag>{formatEnum(s)}</Tag> },
  { title: 'Date', key: 'date', render: (_, i) => formatDateTime(i.createdAt) },
];

/** A tab's table; an empty list shows the list kit's empty state instead (tab-lists.tsx). */
function SmallTable<T extends object>({ rows, columns }: { rows: T[]; columns: TableColumnsType<T> }) {
  return (
    <Table<T>
      size="small"
      // Rows carry no ids; their position in the newest-first list identifies them.
      dataSource={rows.map((row, i) => ({ ...row, key: i }))}
      columns={columns}
      pagination={false}
      {...tableScrollX()}
    />
  );
}

export const WithdrawalsTable = ({ rows }: { rows: UserWithdrawal[] }) => (
  <SmallTable rows={rows} columns={withdrawalColumns} />
);
export const GamesTable = ({ rows }: { rows: UserGame[] }) => (
  <SmallTable rows={rows} columns={gameColumns} />
);
export const InventoryTable = ({ rows }: { rows: UserInventory[] }) => (
  <SmallTable rows={rows} columns={inventoryColumns} />
);
