import { useMemo, useState } from 'react';
import { giveawayStatus, type Giveaway } from '@manager/contract';

export const GIVEAWAYS_PAGE_SIZE = 10;
export type GiveawayStatusFilter = 'all' | 'active' | 'inactive' | 'expired';

/** Search, status filter, expiry-descending order and client pages of 10; filters go back to page 1. */
export function useGiveawayFilters(all: Giveaway[], now: number) {
  const [search, setSearchRaw] = useState('');
  const [status, setStatusRaw] = useState<GiveawayStatusFilter>('all');
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all
      .filter((g) => status === 'all' || giveawayStatus(g, now).toLowerCase() === status)
      .filter((g) => !q || String(g.id) === q || g.gifts.some((gift) => gift.name.toLowerCase().includes(q) || (gift.baseName ?? '').toLowerCase().includes(q)))
      .sort((a, b) => Date.parse(b.expiredDate) - Date.parse(a.expiredDate));
  }, [all, search, status, now]);

  const pages = Math.max(1, Math.ceil(filtered.length / GIVEAWAYS_PAGE_SIZE));
  const current = Math.min(page, pages);
  return {
    search, status, page: current, filtered, setPage,
    visible: filtered.slice((current - 1) * GIVEAWAYS_PAGE_SIZE, current * GIVEAWAYS_PAGE_SIZE),
    setSearch: (v: string) => { setSearchRaw(v); setPage(1); },
    setStatus: (v: GiveawayStatusFilter) => { setStatusRaw(v); setPage(1); },
  };
}

/** The four tiles: Active = on and not expired; Expired = expiry past; Free = isFree. */
export function giveawayTotals(all: Giveaway[], now: number) {
  return {
    total: all.length,
    active: all.filter((g) => giveawayStatus(g, now) === 'Active').length,
    expired: all.filter((g) => giveawayStatus(g, now) === 'Expired').length,
    free: all.filter((g) => g.isFree).length,
  };
}
