import type { ShopOrder } from '@manager/contract';
import { configurePlatform, http } from '@manager/platform';
import { renderRoutesAt } from '@manager/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import routes from '../../../routes';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // On the one client object, so the platform's own fetchData sees it too.
  Object.assign(actual.http, { get: vi.fn() });
  return actual;
});

const order = (n: number, currency: ShopOrder['currency'] = 'TON', price = 1.5): ShopOrder => ({
  id: `order-${String(n).padStart(4, '0')}-abcdef`,
  user: { username: `buyer${n}`, firstName: null, lastName: null, telegramId: 1000 + n },
  shopItem: { titleEn: `Frame ${n}`, titleRu: 'Рамка', thumbUrl: null, type: 'FRAME' },
  isBundle: false,
  price,
  currency,
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
});
const answer = (data: unknown) => vi.mocked(http.get).mockResolvedValue({ code: 200, data });
const lastParams = () =>
  (vi.mocked(http.get).mock.lastCall?.[1] as { params: Record<string, unknown> }).params;
const card = (name: string) => screen.getByRole('group', { name });

afterEach(() => vi.clearAllMocks());

describe('Shop orders', { timeout: 30_000 }, () => {
  it('asks the server for the page, filters and sort of the URL, the time filter as `from`', async () => {
    answer([]);
    renderRoutesAt(routes, '/shop/orders?q=anna&currency=TON&type=FRAME&time=week&page=3&sort=-price');
    await screen.findByText('No orders found matching your criteria');
    const params = lastParams();
    expect(params).toMatchObject({
      page: 3,
      limit: 15,
      search: 'anna',
      currency: 'TON',
      type: 'FRAME',
      sort: '-price',
    });
    expect(params).not.toHaveProperty('time');
    expect(Math.abs(Date.parse(params.from as string) - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);
    expect((screen.getByLabelText('Search orders') as HTMLInputElement).value).toBe('anna');
  });

  it("shows a server page as it is: its rows, the server's total and revenue cards", async () => {
    const rows = Array.from({ length: 15 }, (_, i) => order(16 + i));
    answer({
      orders: rows,
      pagination: { totalPages: 1334, currentPage: 2, totalOrders: 20_000 },
      revenue: { total: 20_000, ton: 12345.678, star: 98765, redChip: 4321 },
    });
    renderRoutesAt(routes, '/shop/orders?page=2');
    expect(await screen.findByText('Showing 16 to 30 of 20000 results')).toBeTruthy();
    expect(within(card('Total Orders')).getByText('20000')).toBeTruthy();
    expect(within(card('TON revenue')).getByText('12345.68')).toBeTruthy();
    expect(within(card('STAR revenue')).getByText('98765')).toBeTruthy();
    expect(within(card('RED_CHIP revenue')).getByText('4321')).toBeTruthy();
    expect(screen.getByText('buyer16')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(16);
  });

  it('on a whole list (an API that does not page), filters, sums and pages it here', async () => {
    answer([...Array.from({ length: 20 }, (_, i) => order(i + 1, 'TON', 2)), order(30, 'STAR', 50)]);
    renderRoutesAt(routes, '/shop/orders?currency=TON&page=2');
    expect(await screen.findByText('Showing 16 to 20 of 20 results')).toBeTruthy();
    expect(within(card('Total Orders')).getByText('20')).toBeTruthy();
    expect(within(card('TON revenue')).getByText('40.00')).toBeTruthy();
    expect(within(card('STAR revenue')).getByText('0')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('Price and Date headers sort the list (the sort lives in the URL, which the query follows)', async () => {
    answer([order(1, 'TON', 3), order(2, 'TON', 1), order(3, 'TON', 2)]);
    renderRoutesAt(routes, '/shop/orders');
    await screen.findByText('buyer1');
    const header = (name: string) => screen.getByRole('columnheader', { name });
    const buyers = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.match(/buyer\d/)?.[0]);
    fireEvent.click(header('Price'));
    await waitFor(() => expect(buyers()).toEqual(['buyer2', 'buyer3', 'buyer1']));
    expect(header('Price').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header('Price'));
    await waitFor(() => expect(buyers()).toEqual(['buyer1', 'buyer3', 'buyer2']));
    fireEvent.click(header('Date'));
    await waitFor(() => expect(buyers()).toEqual(['buyer3', 'buyer2', 'buyer1']));
    expect(header('Date').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Price').getAttribute('aria-sort')).toBeNull();
  });

  it('Export CSV downloads the filtered, sorted list: the query shown, without page and limit', async () => {
    configurePlatform({
      apiBaseUrl: 'http://api.test',
      apiKey: 'key',
      apiKeyHeader: 'x-api-key',
    } as Parameters<typeof configurePlatform>[0]);
    const download = vi.fn(
      async () =>
        new Response('Order ID,Price\r\na,1\r\nb,2\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal('fetch', download);
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    answer([order(1), order(2)]);
    try {
      renderRoutesAt(routes, '/shop/orders?currency=TON&time=month&sort=-price&page=1&q=buyer');
      await screen.findByText('buyer1');
      fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
      await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
      const url = new URL((download.mock.calls[0] as unknown as [string])[0]);
      expect(url.pathname).toBe('/manager/shop-orders/export');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        search: 'buyer',
        currency: 'TON',
        sort: '-price',
      });
      expect(
        url.searchParams.has('page') || url.searchParams.has('limit') || url.searchParams.has('time'),
      ).toBe(false);
      expect(
        Math.abs(Date.parse(url.searchParams.get('from')!) - (Date.now() - 30 * 86_400_000)),
      ).toBeLessThan(60_000);
      await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
