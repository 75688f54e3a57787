import { renderHook, act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Giveaway } from '@manager/contract';
import { giveawayTotals } from '../model/giveaway-totals';
import { useGiveawayFilters } from './use-giveaway-filters';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const day = 86_400_000;
const g = (id: number, offsetDays: number, status: boolean, isFree = false, gift = 'PlushPepe-1'): Giveaway => ({
  id, previewImageUrl: null, expiredDate: new Date(NOW + offsetDays * day).toISOString(), gifts: [{ id, name: gift, price: 1 }],
  isFree, ticketPriceTon: 0, ticketPriceStars: 0, tickets: null, status, winners: [],
});

describe('giveaway filters', () => {
  const rows = [g(1, -2, true), g(2, 3, true, true), g(3, 5, false), g(4, -1, false, true, 'JingleBells-7'), ...Array.from({ length: 10 }, (_, i) => g(10 + i, 10 + i, true))];

  it('counts tiles with Expired winning over the status flag', () => {
    expect(giveawayTotals(rows, NOW)).toEqual({ total: 14, active: 11, expired: 2, free: 2 });
  });

  it('sorts by expiry descending, pages by 10 and returns to page 1 on a filter change', () => {
    const { result } = renderHook(() => useGiveawayFilters(rows, NOW));
    expect(result.current.visible.map((x) => x.id).slice(0, 2)).toEqual([19, 18]);
    expect(result.current.visible).toHaveLength(10);
    act(() => result.current.setPage(2));
    expect(result.current.visible.map((x) => x.id)).toEqual([3, 2, 4, 1]);
    act(() => result.current.setStatus('expired'));
    expect(result.current.page).toBe(1);
    expect(result.current.visible.map((x) => x.id)).toEqual([4, 1]);
    act(() => result.current.setSearch('jingle'));
    expect(result.current.visible.map((x) => x.id)).toEqual([4]);
  });
});
