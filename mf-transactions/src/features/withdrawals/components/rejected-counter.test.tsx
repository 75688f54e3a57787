import { http, MemoryRouter } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import WithdrawalsPage from './withdrawals-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  Object.assign(actual.http, { get: vi.fn(), post: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() } };
});
const w = {
  id: 9,
  user: { username: 'rejectee' },
  telegramId: 5,
  currency: 'TON',
  price: 2,
  wallet: 'x',
  inventory: null,
  inventoryId: null,
  status: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const pageOf = (rows: unknown[], rejected: number) => ({
  code: 200,
  data: {
    withdrawals: rows,
    pagination: { totalPages: 1, currentPage: 1, totalWithdrawals: rows.length },
    counts: { pending: 1, awaiting: 0, approved: 0, total: 1, rejected },
  },
});
/** The Rejected counter is the server's, and follows a rejection made on the page. */
it(
  'a rejection on the page moves the row out of Pending and the Rejected counter up',
  { timeout: 60_000 },
  async () => {
    vi.mocked(http.get).mockResolvedValue(pageOf([w], 0));
    vi.mocked(http.post).mockResolvedValue({ code: 200, data: { ...w, rejected: true } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/transactions/withdrawals']}>
          <WithdrawalsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reject withdrawal 9' }));
    vi.mocked(http.get).mockResolvedValue(pageOf([], 1));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Reject/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject withdrawal 9' })).toBeNull());
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Rejected' })).getByText('1')).toBeTruthy(),
    );
  },
);
