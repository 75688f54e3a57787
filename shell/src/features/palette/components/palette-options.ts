import { paths, type UserSummary } from '@manager/contract';

/** A page of the console as the menu names it: `Shop › Orders`. */
export interface PalettePage {
  label: string;
  path: string;
}

/** Something the palette does rather than opens: `New task`, `Turn dark mode on`. */
export interface PaletteAction {
  id: string;
  label: string;
  /** A page to open (a form opened by the address), or a thing to do here. */
  to?: string;
  run?: () => void;
}

/** A player by what the palette shows of them (a search result or a recent player). */
export type PalettePlayer = Pick<UserSummary, 'telegramId'> &
  Partial<Pick<UserSummary, 'username' | 'firstName' | 'lastName'>>;

export interface PaletteOption {
  id: string;
  kind: 'Page' | 'Action' | 'Recent player' | 'Player';
  label: string;
  to?: string;
  run?: () => void;
}

const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
const holdsEvery = (name: string, words: string[]) => words.every((w) => name.toLowerCase().includes(w));

/** Pages whose name holds every word typed, in any order and case; all of them for no text. */
export function matchPages(pages: PalettePage[], text: string): PalettePage[] {
  const words = wordsOf(text);
  return pages.filter((page) => holdsEvery(page.label, words));
}

/** `@username · First Last · 123456789`, leaving out what the player lacks. */
export function playerLabel(user: PalettePlayer): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return [user.username ? `@${user.username}` : null, name || null, String(user.telegramId)]
    .filter(Boolean)
    .join(' · ');
}

/** What the palette lists for the text typed, in the order Enter takes them. */
export interface PaletteResults {
  pages: PalettePage[];
  actions: PaletteAction[];
  recent: PalettePlayer[];
  players: PalettePlayer[];
}

/** Actions and recent players whose text holds every word typed (all of them for no text). */
export function matchResults(
  pages: PalettePage[],
  actions: PaletteAction[],
  recent: PalettePlayer[],
  players: PalettePlayer[],
  text: string,
): PaletteResults {
  const words = wordsOf(text);
  const recentShown = recent.filter((p) => holdsEvery(playerLabel(p), words));
  const known = new Set(recentShown.map((p) => p.telegramId));
  return {
    pages: matchPages(pages, text),
    actions: actions.filter((a) => holdsEvery(a.label, words)),
    recent: recentShown,
    players: players.filter((p) => !known.has(p.telegramId)),
  };
}

const playerOption =
  (kind: 'Recent player' | 'Player') =>
  (user: PalettePlayer): PaletteOption => ({
    id: `palette-${kind === 'Player' ? 'player' : 'recent'}-${user.telegramId}`,
    kind,
    label: playerLabel(user),
    to: paths.userDetail(user.telegramId),
  });

/**
 * With nothing typed: the recent players, the actions, then every page. With text: the pages
 * first (what was typed may be a page's name), the actions, the recent players, then the players
 * the server found.
 */
export function paletteOptions(r: PaletteResults, typed: boolean): PaletteOption[] {
  const pages = r.pages.map((page) => ({
    id: `palette-page-${page.path.replace(/\W+/g, '-')}`,
    kind: 'Page' as const,
    label: page.label,
    to: page.path,
  }));
  const actions = r.actions.map((a) => ({ ...a, id: `palette-action-${a.id}`, kind: 'Action' as const }));
  const recent = r.recent.map(playerOption('Recent player'));
  const players = r.players.map(playerOption('Player'));
  return typed ? [...pages, ...actions, ...recent, ...players] : [...recent, ...actions, ...pages];
}

/** What the live region says once the results are in (`2 pages, 1 player`, `, 1 action` when any). */
export function resultsSummary(r: PaletteResults, searching: boolean, failed: boolean): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const pages = count(r.pages.length, 'page');
  const actions = r.actions.length ? `, ${count(r.actions.length, 'action')}` : '';
  const players = r.recent.length + r.players.length;
  if (searching) return `${pages}${actions}, searching players...`;
  if (failed) return `${pages}${actions}, players could not be searched`;
  return `${pages}, ${count(players, 'player')}${actions}`;
}
