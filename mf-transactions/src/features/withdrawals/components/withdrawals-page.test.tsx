import type { Withdrawal } from '@manager/contract';
import { http, toast } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WithdrawalsPage from './withdrawals-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // Mocks on the one client object, so the platform's own fetchData sees them too.
  Object.assign(actual.http, { get: vi.fn(), post: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() } };
});

const gift = (id: number, status = false): Withdrawal => ({
  id,
  user: { username: `player${id}` },
  telegramId: 100 + id,
  currency: 'NFT',
  price: 2.5,
  wallet: null,
  inventory: { name: `PlushPepe-${id}` },
  inventoryId: `${id}000000123`,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WithdrawalsPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  const rows = [gift(1), gift(2, true), ...Array.from({ length: 11 }, (_, i) => gift(10 + i))];
  vi.mocked(http.get).mockResolvedValue({ code: 200, data: rows });
});
afterEach(() => vi.clearAllMocks());

// The first render pulls antd through the transformer: slow when cold.
describe('WithdrawalsPage', { timeout: 30_000 }, () => {
  it('shows counters, the short inventory id, Processed for approved rows, and pages of 10', async () => {
    renderPage();
    expect(await screen.findByText('PlushPepe-1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('12')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Approved' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('13')).toBeTruthy();
    expect(screen.getByText(/ID: 10000000\.\.\./)).toBeTruthy();
    expect(screen.getByText('Processed')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 13 results')).toBeTruthy();
  });

  it('asks before rejecting, warns it cannot be undone, posts once and toasts the documented text', async () => {
    let answer!: (v: unknown) => void;
    vi.mocked(http.post).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject withdrawal 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This action cannot be undone!')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post).toHaveBeenCalledWith('/withdrawals/reject', expect.objectContaining({ id: 1 }));
    expect((screen.getByRole('button', { name: 'Reject withdrawal 10' }) as HTMLButtonElement).disabled).toBe(true);
    answer({ code: 200, data: gift(1) });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawal rejected successfully'));
  });

  it('a refused decision shows the failure text with the server reason; no answer is a network error', async () => {
    const { ApiError } = await import('@manager/platform');
    vi.mocked(http.post).mockRejectedValueOnce(new ApiError('x', { status: 409, data: { code: 409, message: 'Withdrawal 1 was already decided (rejected)' } }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve with transfer withdrawal 1' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Approve with transfer/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Withdrawal with transfer failed: Withdrawal 1 was already decided (rejected)'),
    );
    vi.mocked(http.post).mockRejectedValueOnce(new ApiError('offline'));
    const next = screen.getByRole('button', { name: 'Approve without transfer withdrawal 1' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Approve without transfer withdrawal 1' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Approve without transfer/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Network error occurred'));
  });
});
