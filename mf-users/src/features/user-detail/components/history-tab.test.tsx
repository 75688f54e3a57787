import type { AuditEntry } from '@manager/contract';
import { http, MemoryRouter } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryTab } from './history-tab';

const row = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-03-05T14:07:09.000Z',
  admin: { id: 1, username: 'admin' },
  action: 'user.balances.update',
  entityType: 'user',
  entityId: '42',
  userTelegramId: 42,
  before: { starsBalance: 10 },
  after: { starsBalance: 121 },
  ip: null,
  userAgent: null,
  reason: null,
  consoleVersion: null,
  ...over,
});

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HistoryTab telegramId="42" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('HistoryTab', () => {
  it("asks for the player's rows, shows before -> after, and loads more by cursor", async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockImplementation(async (_url: string, config?: { params?: Record<string, unknown> }) =>
        config?.params?.cursor === 'c2'
          ? {
              code: 200,
              data: {
                entries: [
                  row(1, {
                    action: 'withdrawal.reject',
                    entityType: 'withdrawal',
                    entityId: '9',
                    before: { status: 'pending' },
                    after: { status: 'rejected' },
                  }),
                ],
                nextCursor: null,
              },
            }
          : { code: 200, data: { entries: [row(2)], nextCursor: 'c2' } },
      );
    renderTab();
    const first = (await screen.findByText('Stars balance', { exact: false })).closest('tr')!;
    expect(first.textContent).toContain('Stars balance: 10 Stars -> 121 Stars');
    expect(first.textContent).toContain('Balances changed');
    expect(get).toHaveBeenCalledWith('/audit', {
      params: { userTelegramId: '42', cursor: undefined, limit: 50 },
    });

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    const second = (await screen.findByText('Withdrawal #9')).closest('tr')!;
    expect(second.textContent).toContain('Status: "pending" -> "rejected"');
    expect(within(second).getByRole('link', { name: 'Withdrawal #9' }).getAttribute('href')).toBe(
      '/transactions/withdrawals',
    );
    expect(get).toHaveBeenLastCalledWith('/audit', {
      params: { userTelegramId: '42', cursor: 'c2', limit: 50 },
    });
    // Newest first, the older page below; nothing more to load.
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent?.includes('Withdrawal #9')),
    ).toEqual([false, true]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when nothing happened to the player, and shows a failed load with Retry', async () => {
    vi.spyOn(http, 'get').mockResolvedValueOnce({ code: 200, data: { entries: [], nextCursor: null } });
    renderTab();
    expect(await screen.findByText('No history for this player')).toBeTruthy();
    vi.restoreAllMocks();

    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch history');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
