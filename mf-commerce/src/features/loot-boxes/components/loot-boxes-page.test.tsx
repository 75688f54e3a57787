import type { LootBox } from '@manager/contract';
import { http } from '@manager/platform';
import { deliverLiveEvent, renderRoutesAt } from '@manager/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import routes from '../../../routes';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  Object.assign(actual.http, { get: vi.fn() });
  return actual;
});

const box = (id: number): LootBox => ({
  id,
  name: `Box ${String(id).padStart(2, '0')}`,
  amount: 100 * id,
  imageUrl: null,
  isActive: true,
  createdAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
  rewards: [{ id: 1, type: 'TON', amount: 1, chance: 1, starsValue: 250, showInModal: true }],
});
const lastParams = () =>
  (vi.mocked(http.get).mock.lastCall?.[1] as { params: Record<string, unknown> }).params;

afterEach(() => vi.clearAllMocks());

describe('Loot boxes', { timeout: 30_000 }, () => {
  it('shows pages of 20, sorted as the URL says, on a whole list', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: Array.from({ length: 25 }, (_, i) => box(i + 1)),
    });
    renderRoutesAt(routes, '/shop/loot-boxes?sort=-amount&page=2');
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeTruthy();
    expect(lastParams()).toEqual({ page: 2, limit: 20, sort: '-amount' });
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('Box 05');
    expect(screen.getByRole('columnheader', { name: 'Amount (Stars)' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it("shows a server page with the server's total", async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: { lootBoxes: [box(3)], pagination: { totalPages: 3, currentPage: 3, totalLootBoxes: 41 } },
    });
    renderRoutesAt(routes, '/shop/loot-boxes?page=3');
    expect(await screen.findByText('Showing 41 to 41 of 41 results')).toBeTruthy();
    expect(screen.getByText('Box 03')).toBeTruthy();
  });

  it('sends the search and status of the address; on a whole list matches them here, and Clear Filters brings every box back', async () => {
    const boxes = [box(1), { ...box(2), isActive: false }, box(12)];
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: boxes });
    renderRoutesAt(routes, '/shop/loot-boxes?q=box&status=active');
    expect(await screen.findByText('Box 01')).toBeTruthy();
    expect(lastParams()).toEqual({ page: 1, limit: 20, search: 'box', status: 'active' });
    expect(screen.getByText('Box 12')).toBeTruthy();
    expect(screen.queryByText('Box 02')).toBeNull();
    expect((screen.getByLabelText('Search loot boxes') as HTMLInputElement).value).toBe('box');

    fireEvent.change(screen.getByLabelText('Search loot boxes'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No loot boxes found. Create your first loot box!')).toBeTruthy();
    const clears = screen.getAllByRole('button', { name: 'Clear Filters' });
    expect(clears).toHaveLength(2);
    fireEvent.click(clears[1]!);
    await waitFor(() => expect(screen.getByText('Box 02')).toBeTruthy());
    expect(lastParams()).toEqual({ page: 1, limit: 20 });
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a page size chosen in the address is the limit asked for', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: { lootBoxes: [box(1)], pagination: { totalPages: 2, currentPage: 1, totalLootBoxes: 60 } },
    });
    renderRoutesAt(routes, '/shop/loot-boxes?size=50');
    expect(await screen.findByText('Showing 1 to 50 of 60 results')).toBeTruthy();
    expect(lastParams()).toEqual({ page: 1, limit: 50 });
  });

  it("another admin's change under the edit form: the notice, and Review changes takes it into the fields not typed in", async () => {
    let stored = [box(1), box(2)];
    vi.mocked(http.get).mockImplementation(async () => ({ code: 200, data: stored }));
    const client = renderRoutesAt(routes, '/shop/loot-boxes').client;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Box 01' }));
    const form = await screen.findByRole('form', { name: 'Edit Loot Box' });
    const field = (label: string) => within(form).getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field('Name *'), { target: { value: 'My box' } });

    stored = [{ ...box(1), name: 'Their box', amount: 150 }, box(2)];
    act(() =>
      deliverLiveEvent(client, {
        entity: 'loot_box',
        entityId: '1',
        action: 'loot_box.update',
        actor: 'finance',
      }),
    );
    expect(await screen.findByText('This record changed')).toBeTruthy();
    expect(screen.getByText('Changed by finance while you were editing.')).toBeTruthy();
    expect(field('Name *').value).toBe('My box');
    expect(field('Amount (Stars) *').value).toBe('100');

    fireEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(field('Amount (Stars) *').value).toBe('150'));
    expect(field('Name *').value).toBe('My box');
    const changed = screen.getByRole('list', { name: 'Changed meanwhile' });
    expect(within(changed).getByText('Amount (Stars)')).toBeTruthy();
    expect(within(changed).getByText('Name')).toBeTruthy();
  });
});
