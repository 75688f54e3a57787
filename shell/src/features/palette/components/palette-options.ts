import { paths, type UserSummary } from '@manager/contract';

/** A page of the console as the menu names it: `Shop › Orders`. */
export interface PalettePage {
  label: string;
  path: string;
}

export interface PaletteOption {
  id: string;
  kind: 'Page' | 'Player';
  label: string;
  to: string;
}

/** Pages whose name holds every word typed, in any order and case; all of them for no text. */
export function matchPages(pages: PalettePage[], text: string): PalettePage[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return pages.filter((page) => {
    const name = page.label.toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

/** `@username · First Last · 123456789`, leaving out what the player lacks. */
export function playerLabel(user: UserSummary): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return [user.username ? `@${user.username}` : null, name || null, String(user.telegramId)]
    .filter(Boolean)
    .join(' · ');
}

/** Pages first (what was typed may be a page's name), then the players found. */
export function paletteOptions(pages: PalettePage[], players: UserSummary[]): PaletteOption[] {
  return [
    ...pages.map((page) => ({
      id: `palette-page-${page.path.replace(/\W+/g, '-')}`,
      kind: 'Page' as const,
      label: page.label,
      to: page.path,
    })),
    ...players.map((user) => ({
      id: `palette-player-${user.telegramId}`,
      kind: 'Player' as const,
      label: playerLabel(user),
      to: paths.userDetail(user.telegramId),
    })),
  ];
}

/** What the live region says once the results are in. */
export function resultsSummary(pages: number, players: number, searching: boolean, failed: boolean): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const found = `${count(pages, 'page')}, ${count(players, 'player')}`;
  if (searching) return `${count(pages, 'page')}, searching players...`;
  if (failed) return `${count(pages, 'page')}, players could not be searched`;
  return found;
}
