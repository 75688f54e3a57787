import { paths } from '@manager/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

type TelegramId = number | string | null | undefined;

interface PlayerLinkProps {
  /** Without one (a row whose player is unknown) the children show as plain text. */
  telegramId: TelegramId;
  /** What the link reads as (its accessible name): the player's name, else the id. */
  children: ReactNode;
}

/**
 * The one way a list names a player: a link to the player's page (`/users/detail/{id}`),
 * reachable by keyboard, named by what it shows (docs/screens.md#player-links).
 */
export function PlayerLink({ telegramId, children }: PlayerLinkProps) {
  if (telegramId === null || telegramId === undefined || telegramId === '') return <>{children}</>;
  return <Link to={paths.userDetail(telegramId)}>{children}</Link>;
}

/**
 * For `PersonBadge`'s `nameLink` (ui has no router): `nameLink={playerLink(person?.telegramId)}`;
 * undefined without an id, so the name stays plain text.
 */
export const playerLink = (telegramId: TelegramId) =>
  telegramId === null || telegramId === undefined || telegramId === ''
    ? undefined
    : (name: ReactNode) => <PlayerLink telegramId={telegramId}>{name}</PlayerLink>;
