import { calls } from '@manager/contract';
import { http, MemoryRouter, useCsvExport, useLocation, useNavigate } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DepositsPage from './deposits-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  Object.assign(actual.http, { get: vi.fn() });
  return { ...actual, useCsvExport: vi.fn(() => exporter) };
});
const exporter = vi.hoisted(() => ({
  start: vi.fn(),
  cancel: vi.fn(),
  running: false,
  rows: 0,
  error: null,
}));

const payment = (id: number) => ({
  id,
  user: { username: `payer${id}`, firstName: null, lastName: null },
  telegramId: 500 + id,
  type: 'deposit',
  link: null,
  amount: 10 + id,
  fee: 0.1,
  status: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  transactionId: `tx${id}abcdefghijkl`,
  product: null,
  wallet: null,
});
const STATS = {
  totalAmount: 100,
  totalFee: 1,
  completedAmount: 80,
  completedFee: 0.8,
  completedCount: 4,
  pendingCount: 1,
};

/** The address the page shows, and Back, as the browser would. */
const at = { search: '', back: () => {} };
function Address() {
  at.search = useLocation().search;
  const navigate = useNavigate();
  at.back = () => void navigate(-1);
  return null;
}

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <DepositsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The query of the last call to `path`. */
const lastQuery = (path: string) =>
  vi
    .mocked(http.get)
    .mock.calls.filter(([p]) => p === path)
    .at(-1)?.[1]?.params;
const TON = '/transactions/ton-payments';
const STARS = '/transactions/stars-payments';
/**
 * A click awaited with its effects: the router's navigation renders in a transition, whose
 * passive effects (the next call) a synchronous act does not flush.
 */
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));
const param = (name: string) => new URLSearchParams(at.search).get(name);

beforeEach(() => {
  vi.mocked(http.get).mockResolvedValue({
    code: 200,
    data: {
      payments: Array.from({ length: 20 }, (_, i) => payment(i + 1)),
      pagination: { totalPages: 3, totalPayments: 45 },
      stats: STATS,
    },
  });
});
afterEach(() => vi.clearAllMocks());

describe("DepositsPage: the tab and each tab's list in the URL", { timeout: 30_000 }, () => {
  it('opens the tab, search, filters and page of the address and asks the API for them', async () => {
    renderPage(
      '/transactions/deposits?tab=stars&stars.q=anna&stars.status=pending&stars.minAmount=100&stars.startDate=2026-11-01&stars.page=2',
    );
    await waitFor(() =>
      expect(lastQuery(STARS)).toEqual({
        page: 2,
        limit: 20,
        search: 'anna',
        status: 'false',
        minAmount: 100,
        startDate: '2026-11-01',
      }),
    );
    expect(screen.getByRole('tab', { name: 'Stars Payments', selected: true })).toBeTruthy();
    expect((screen.getByLabelText('Search payments') as HTMLInputElement).value).toBe('anna');
    // The panel opens on a link that carries filters, showing them.
    expect((screen.getByLabelText('Date from') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('Min amount') as HTMLInputElement).value).toBe('100');
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeTruthy();
    expect(lastQuery(TON)).toBeUndefined();
  });

  it('values the list does not know read as no filter; the others still apply', async () => {
    renderPage(
      '/transactions/deposits?ton.status=maybe&ton.startDate=yesterday&ton.minAmount=-3&ton.maxAmount=7.5&ton.endDate=2026-11-30',
    );
    await waitFor(() =>
      expect(lastQuery(TON)).toEqual({ page: 1, limit: 20, maxAmount: 7.5, endDate: '2026-11-30' }),
    );
    expect((screen.getByLabelText('Min amount') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Date from') as HTMLInputElement).value).toBe('');
  });

  it('a tab switch is a history entry and each tab keeps its own view', async () => {
    renderPage('/transactions/deposits?ton.page=3');
    await waitFor(() => expect(lastQuery(TON)).toEqual({ page: 3, limit: 20 }));
    await click(screen.getByRole('tab', { name: 'Stars Payments' }));
    await waitFor(() => expect(at.search).toBe('?ton.page=3&tab=stars'));
    await waitFor(() => expect(lastQuery(STARS)).toEqual({ page: 1, limit: 20 }));
    await click(await within(screen.getByRole('tabpanel')).findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(at.search).toBe('?ton.page=3&tab=stars&stars.page=2'));
    await waitFor(() => expect(lastQuery(STARS)).toEqual({ page: 2, limit: 20 }));
    await click(screen.getByRole('tab', { name: 'TON Payments' }));
    await waitFor(() => expect(at.search).toBe('?ton.page=3&stars.page=2'));
    act(() => at.back());
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Stars Payments', selected: true })).toBeTruthy(),
    );
    act(() => at.back());
    act(() => at.back());
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'TON Payments', selected: true })).toBeTruthy(),
    );
    expect(at.search).toBe('?ton.page=3');
  });

  it('filters go to page 1; typing an amount is one history entry; Clear keeps the search', async () => {
    renderPage('/transactions/deposits?ton.q=anna&ton.page=2');
    await waitFor(() => expect(lastQuery(TON)).toEqual({ page: 2, limit: 20, search: 'anna' }));
    fireEvent.click(screen.getByRole('button', { name: /Show filters/ }));
    fireEvent.change(screen.getByLabelText('Date to'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(at.search).toBe('?ton.q=anna&ton.endDate=2026-11-30'));
    const min = screen.getByLabelText('Min amount');
    fireEvent.change(min, { target: { value: '1' } });
    fireEvent.change(min, { target: { value: '12' } });
    await waitFor(() => expect(param('ton.minAmount')).toBe('12'));
    await waitFor(() =>
      expect(lastQuery(TON)).toEqual({
        page: 1,
        limit: 20,
        search: 'anna',
        endDate: '2026-11-30',
        minAmount: 12,
      }),
    );
    act(() => at.back());
    await waitFor(() => expect(at.search).toBe('?ton.q=anna&ton.endDate=2026-11-30'));
    fireEvent.change(screen.getByLabelText('Min amount'), { target: { value: '5' } });
    await waitFor(() => expect(param('ton.minAmount')).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(at.search).toBe('?ton.q=anna'));
  });

  it('Clear Filters empties the search and every filter in one entry and keeps Rows per page', async () => {
    renderPage('/transactions/deposits?ton.q=anna&ton.status=pending&ton.minAmount=5&ton.size=50');
    await waitFor(() =>
      expect(lastQuery(TON)).toEqual({ page: 1, limit: 50, search: 'anna', status: 'false', minAmount: 5 }),
    );
    await click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(at.search).toBe('?ton.size=50'));
    await waitFor(() => expect(lastQuery(TON)).toEqual({ page: 1, limit: 50 }));
    expect((screen.getByLabelText('Search payments') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => at.back());
    await waitFor(() => expect(at.search).toBe('?ton.q=anna&ton.status=pending&ton.minAmount=5&ton.size=50'));
  });

  it('Export CSV exports the tab shown with its search and filters', async () => {
    renderPage(
      '/transactions/deposits?tab=stars&stars.q=anna&stars.status=completed&stars.maxAmount=50&stars.page=2',
    );
    fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    expect(exporter.start).toHaveBeenCalledTimes(1);
    expect(vi.mocked(useCsvExport)).toHaveBeenLastCalledWith(calls.exportStarsPayments, {
      page: 2,
      limit: 20,
      search: 'anna',
      status: 'true',
      maxAmount: 50,
    });
  });
});
