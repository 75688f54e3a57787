import { calls } from '@manager/contract';
import { http, MemoryRouter, useCsvExport, useLocation } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import InventoryPage from './inventory-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  Object.assign(actual.http, { get: vi.fn() });
  // Gift pictures come from the NFT host of the runtime configuration.
  return {
    ...actual,
    getRuntimeConfig: () => ({ nftImageBaseUrl: 'https://nft.test/' }),
    useCsvExport: vi.fn(() => exporter),
  };
});
const exporter = vi.hoisted(() => ({
  start: vi.fn(),
  cancel: vi.fn(),
  running: false,
  rows: 0,
  error: null,
}));

const item = (id: number) => ({
  id,
  user: { username: `holder${id}`, firstName: null, lastName: null },
  name: `PlushPepe-${id}`,
  giftNumber: id,
  price: 3.5,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const at = { search: '' };
function Address() {
  at.search = useLocation().search;
  return null;
}
const lastQuery = () => vi.mocked(http.get).mock.calls.at(-1)?.[1]?.params;

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <InventoryPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(http.get).mockResolvedValue({
    code: 200,
    data: {
      items: Array.from({ length: 20 }, (_, i) => item(41 + i)),
      pagination: { totalPages: 4, totalItems: 75 },
    },
  });
});
afterEach(() => vi.clearAllMocks());

describe('InventoryPage: search and page in the URL', { timeout: 30_000 }, () => {
  it('opens the search and page of the address and shows the server page', async () => {
    renderPage('/transactions/inventory?q=pepe&page=3');
    expect(await screen.findByText('Showing 41 to 60 of 75 results')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: 3, limit: 20, search: 'pepe' });
    expect((screen.getByLabelText('Search by item name') as HTMLInputElement).value).toBe('pepe');
  });

  it('a page is written to the address; a new search goes back to page 1', async () => {
    renderPage('/transactions/inventory');
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: 'Page 2' })));
    await waitFor(() => expect(at.search).toBe('?page=2'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, limit: 20 }));
    fireEvent.change(screen.getByLabelText('Search by item name'), { target: { value: 'plush' } });
    await waitFor(() => expect(at.search).toBe('?q=plush'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 20, search: 'plush' }));
  });

  it('a search that finds nothing says so and offers Clear Filters, which keeps Rows per page', async () => {
    vi.mocked(http.get).mockResolvedValueOnce({
      code: 200,
      data: { items: [], pagination: { totalPages: 0, totalItems: 0 } },
    });
    renderPage('/transactions/inventory?q=nothing&size=100');
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeTruthy();
    expect(lastQuery()).toEqual({ page: 1, limit: 100, search: 'nothing' });
    const clears = screen.getAllByRole('button', { name: 'Clear Filters' });
    expect(clears).toHaveLength(2);
    await act(async () => void fireEvent.click(clears[1]!));
    await waitFor(() => expect(at.search).toBe('?size=100'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 100 }));
    expect(await screen.findByText('PlushPepe-41')).toBeTruthy();
  });

  it('Export CSV exports the searched inventory', async () => {
    renderPage('/transactions/inventory?q=pepe&page=2');
    fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    expect(exporter.start).toHaveBeenCalledTimes(1);
    expect(vi.mocked(useCsvExport)).toHaveBeenLastCalledWith(calls.exportInventory, {
      page: 2,
      limit: 20,
      search: 'pepe',
    });
  });
});
