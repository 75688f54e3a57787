import { configurePlatform, http } from '@manager/platform';
import { renderRoutesAt } from '@manager/platform/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import routes from '../../../routes';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  Object.assign(actual.http, { get: vi.fn() });
  return actual;
});

const params = () =>
  vi.mocked(http.get).mock.calls.map((call) => (call[1] as { params: Record<string, unknown> }).params);

afterEach(() => vi.clearAllMocks());

describe('Marketplace lists keep their page and search in the URL', { timeout: 30_000 }, () => {
  it('orders: a link with a search and a page asks for them and shows the search; a new search goes to page 1', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: { orders: [], pagination: { totalPages: 3, totalOrders: 45 } },
    });
    renderRoutesAt(routes, '/marketplace/orders?q=pepe&page=2');
    expect(await screen.findByText('45 orders found')).toBeTruthy();
    expect(params()[0]).toEqual({ page: 2, limit: 20, search: 'pepe' });
    const box = screen.getByLabelText('Search marketplace orders') as HTMLInputElement;
    expect(box.value).toBe('pepe');
    fireEvent.change(box, { target: { value: 'frog' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(params()).toContainEqual({ page: 1, limit: 20, search: 'frog' }));
  });

  it('items: a link with a page asks for that page', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: { items: [], pagination: { totalPages: 5, totalItems: 90 } },
    });
    renderRoutesAt(routes, '/marketplace/list?page=4');
    expect(await screen.findByText('90 items available')).toBeTruthy();
    expect(params()[0]).toEqual({ page: 4, limit: 20 });
  });

  it('items: a search with no match offers Clear Filters, which asks for every item again', async () => {
    vi.mocked(http.get).mockImplementation(
      async (_path: string, config?: { params?: { search?: string } }) => ({
        code: 200,
        data: config?.params?.search
          ? { items: [], pagination: { totalPages: 0, totalItems: 0 } }
          : { items: [], pagination: { totalPages: 5, totalItems: 90 } },
      }),
    );
    renderRoutesAt(routes, '/marketplace/list?q=zzz&size=50');
    expect(await screen.findByText('No marketplace items found')).toBeTruthy();
    expect(params()[0]).toEqual({ page: 1, limit: 50, search: 'zzz' });
    const clears = screen.getAllByRole('button', { name: 'Clear Filters' });
    expect(clears).toHaveLength(2);
    fireEvent.click(clears[1]!);
    expect(await screen.findByText('90 items available')).toBeTruthy();
    // The chosen page size stays; the search goes.
    expect(params().at(-1)).toEqual({ page: 1, limit: 50 });
    expect((screen.getByLabelText('Search marketplace items') as HTMLInputElement).value).toBe('');
  });

  it('orders: Export CSV downloads every order of the search shown (no page or limit)', async () => {
    configurePlatform({
      apiBaseUrl: 'http://api.test',
      apiKey: 'key',
      apiKeyHeader: 'x-api-key',
    } as Parameters<typeof configurePlatform>[0]);
    const download = vi.fn(
      async () => new Response('Item,Price\r\nPepe,1\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal('fetch', download);
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: { orders: [], pagination: { totalPages: 3, totalOrders: 45 } },
    });
    try {
      renderRoutesAt(routes, '/marketplace/orders?q=pepe&page=3');
      fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
      await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
      const url = new URL((download.mock.calls[0] as unknown as [string])[0]);
      expect(`${url.pathname}${url.search}`).toBe('/manager/marketplace/orders/export?search=pepe');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
