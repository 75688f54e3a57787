import {
  GIVEAWAY_SORTS,
  giveawayStatus,
  PAGE_SIZES,
  type Giveaway,
  type GiveawaysStats,
} from '@manager/contract';
import { useListState, useListView, type ClientRules, type ListState } from '@manager/platform';
import { useGiveaways } from '../api/get-giveaways';
import { giveawayTotals } from '../model/giveaway-totals';

/** Search `q`, `status`, `sort` and `page` in the URL; 10 a page (docs/screens.md#giveaways). */
export const GIVEAWAY_LIST = {
  pageSize: PAGE_SIZES.GIVEAWAYS,
  filters: { status: ['all', 'active', 'inactive', 'expired'] },
  sorts: GIVEAWAY_SORTS,
} as const;
type GiveawaySort = (typeof GIVEAWAY_SORTS)[number];
export type GiveawayListState = ListState<keyof typeof GIVEAWAY_LIST.filters, GiveawaySort>;
/** The list's order when the URL names none: expiry, latest first (the API's default too). */
export const GIVEAWAY_DEFAULT_SORT = '-expiredDate';

const byKey: Record<GiveawaySort, (g: Giveaway) => number> = {
  expiredDate: (g) => Date.parse(g.expiredDate),
  // A giveaway's id grows with its creation: the row carries no creation time.
  createdAt: (g) => g.id,
};

/**
 * What the API does when it pages, done here for an API that answers every giveaway: the id or
 * a gift's name or base name matches the search, the displayed status (Expired wins over the
 * flag, at `now`) matches the filter, the sort's order (ties: newest id first), the tiles over
 * every giveaway.
 */
export function giveawayRules(
  list: Pick<GiveawayListState, 'settledSearch' | 'filters'>,
  now: number,
): ClientRules<Giveaway, GiveawaysStats> {
  const q = list.settledSearch.toLowerCase();
  const { status } = list.filters;
  return {
    match: (g) =>
      (status === 'all' || giveawayStatus(g, now).toLowerCase() === status) &&
      (!q ||
        String(g.id) === q ||
        g.gifts.some(
          (gift) => gift.name.toLowerCase().includes(q) || (gift.baseName ?? '').toLowerCase().includes(q),
        )),
    compare: (sort) => {
      const desc = sort.startsWith('-');
      const key = byKey[sort.replace(/^-/, '') as GiveawaySort];
      return key && ((a, b) => (desc ? key(b) - key(a) : key(a) - key(b)) || b.id - a.id);
    },
    stats: (all) => giveawayTotals(all, now),
    deps: [now],
  };
}

/** The giveaways list: its state in the URL, the call for it and the rows, total and tiles it shows. */
export function useGiveawayList() {
  const list = useListState(GIVEAWAY_LIST);
  const giveaways = useGiveaways(list.query);
  // One "now" per answer keeps status, filter, tiles and toggles consistent within a render.
  const now = giveaways.dataUpdatedAt || Date.now();
  const view = useListView({ ...list, sort: list.sort ?? GIVEAWAY_DEFAULT_SORT }, giveaways.data, {
    ...giveawayRules(list, now),
    stale: giveaways.isPlaceholderData,
  });
  return { list, giveaways, view, now };
}
