import { useMemo, useState } from 'react';
import { giveawayStatus, type Giveaway } from '@manager/contract';
import { useClientPages } from '@manager/platform';

export const GIVEAWAYS_PAGE_SIZE = 10;
export type GiveawayStatusFilter = 'all' | 'active' | 'inactive' | 'expired';

/** Search, status filter, expiry-descending order and client pages of 10; filters go back to page 1. */
export function useGiveawayFilters(all: Giveaway[], now: number) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<GiveawayStatusFilter>('all');

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all
      .filter((g) => status === 'all' || giveawayStatus(g, now).toLowerCase() === status)
      .filter((g) => !q || String(g.id) === q || g.gifts.some((gift) => gift.name.toLowerCase().includes(q) || (gift.baseName ?? '').toLowerCase().includes(q)))
      .sort((a, b) => Date.parse(b.expiredDate) - Date.parse(a.expiredDate));
  }, [all, search, status, now]);

  const { page, setPage, visible, resetting } = useClientPages(filtered, GIVEAWAYS_PAGE_SIZE);
  return { search, status, page, filtered, visible, setPage, setSearch: resetting(setSearch), setStatus: resetting(setStatus) };
}
