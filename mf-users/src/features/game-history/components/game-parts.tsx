import type { Game, GameRewards, Person } from '@manager/contract';
import { PlayerLink } from '@manager/platform';
import { CurrencyIcon } from '@manager/ui';
import { StarFilled, TrophyOutlined, UserOutlined } from '@manager/ui';
import { Avatar, Flex, Tag, Typography } from '@manager/ui';

const { Text } = Typography;

const nameOf = (p: Person | null) =>
  p ? p.username || [p.firstName, p.lastName].filter(Boolean).join(' ') || String(p.telegramId ?? '-') : '-';

export function RoomInfo({ game }: { game: Game }) {
  return (
    <Flex vertical gap={2}>
      <Text strong copyable={{ text: game.roomCode, tooltips: false }}>
        {game.roomCode}
      </Text>
      <span>
        <Tag color={game.isPrivate ? 'purple' : 'blue'}>
          {game.isPrivate ? 'Private Room' : 'Public Room'}
        </Tag>
      </span>
      <Text type="secondary">Round {game.currentRoundNumber}</Text>
      <Text type="secondary">Slippage {game.slippage}%</Text>
    </Flex>
  );
}

export function Player({ person, winner }: { person: Person | null; winner: boolean }) {
  if (!person) return <Text type="secondary">Waiting for player</Text>;
  return (
    <Flex gap={8} align="center">
      <Avatar src={person.avatar ?? undefined} icon={<UserOutlined />} alt="" />
      <Flex vertical style={{ minWidth: 0 }}>
        <Text strong>
          <PlayerLink telegramId={person.telegramId}>{nameOf(person)}</PlayerLink>{' '}
          {person.isPremium && <StarFilled aria-label="Premium" style={{ color: '#faad14' }} />}{' '}
          {winner && <TrophyOutlined aria-label="Winner" style={{ color: '#faad14' }} />}
        </Text>
        <Text type="secondary" style={{ fontSize: 12 }}>
          ID: {person.telegramId ?? '-'}
        </Text>
      </Flex>
    </Flex>
  );
}

export function Result({ game }: { game: Game }) {
  const winner =
    game.winnerTelegramId === null
      ? null
      : game.winnerTelegramId === game.player1?.telegramId
        ? game.player1
        : game.player2;
  return (
    <Flex vertical gap={2}>
      <Text strong>
        {game.scores.player1} - {game.scores.player2}
      </Text>
      {/* Plain text: the winner is linked in its Player column; a link inside this secondary
          line would be told apart by colour alone (axe link-in-text-block). */}
      <Text type="secondary">{winner ? `Winner: ${nameOf(winner)}` : 'No winner'}</Text>
    </Flex>
  );
}

function RewardLine({ label, rewards }: { label: string; rewards: GameRewards }) {
  const parts = [
    rewards.ton > 0 && (
      <span key="ton">
        <CurrencyIcon currency="TON" /> {rewards.ton}
      </span>
    ),
    rewards.stars > 0 && (
      <span key="stars">
        <CurrencyIcon currency="STAR" /> {rewards.stars}
      </span>
    ),
    ...rewards.nfts.map((n) => <span key={n.name}>🎁 {n.name}</span>),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Flex gap={6} wrap>
      <Text type="secondary">{label}:</Text>
      {parts}
    </Flex>
  );
}

export function Rewards({ game }: { game: Game }) {
  const p1 = <RewardLine label="P1" rewards={game.player1Rewards} />;
  const p2 = <RewardLine label="P2" rewards={game.player2Rewards} />;
  const none = game.player1Rewards.totalAmount === 0 && game.player2Rewards.totalAmount === 0;
  return none ? (
    <Text type="secondary">-</Text>
  ) : (
    <Flex vertical gap={2}>
      {p1}
      {p2}
    </Flex>
  );
}

export const isWinner = (game: Game, person: Person | null) =>
  person !== null && game.winnerTelegramId !== null && person.telegramId === game.winnerTelegramId;
