import { fetchData, MemoryRouter, Route, Routes, useLocation } from '@manager/platform';
import type { UserSummary } from '@manager/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { menuPages } from '../../../layout/menu-items';
import { usePalette } from '../hooks/use-palette';
import { CommandPalette } from './command-palette';

vi.mock('@manager/platform', async (original) => ({
  ...(await original<typeof import('@manager/platform')>()),
  fetchData: vi.fn(),
}));

const player = {
  telegramId: 5550001,
  username: 'palette_player',
  firstName: 'Pal',
  lastName: 'Ette',
} as UserSummary;

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function Host() {
  const palette = usePalette();
  return (
    <>
      <button type="button">somewhere</button>
      <button type="button" onClick={palette.show}>
        Search
      </button>
      <Suspense fallback={null}>
        {palette.open && <CommandPalette pages={menuPages()} onClose={palette.close} />}
      </Suspense>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
}

function renderHost() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Host />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const combobox = () => screen.findByRole('combobox', { name: 'Go to page or find a user' });
const path = () => screen.getByRole('status', { name: 'path' }).textContent;

beforeEach(() => {
  vi.mocked(fetchData).mockReset();
  vi.mocked(fetchData).mockResolvedValue({
    users: [],
    pagination: { totalPages: 0, totalUsers: 0, currentPage: 1, usersPerPage: 5 },
  });
});

describe('CommandPalette', () => {
  it('opens on Ctrl+K with the pages by their menu names; arrows move, Enter opens, focus goes back', async () => {
    renderHost();
    const before = screen.getByRole('button', { name: 'somewhere' });
    before.focus();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await combobox();
    expect(input.getAttribute('placeholder')).toBe('Go to page or find a user...');
    expect(screen.getByRole('dialog', { name: 'Go to page or find a user' })).toBeTruthy();
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    // Every page of the menu, with no text typed.
    expect(within(listbox).getAllByRole('option')).toHaveLength(menuPages().length);

    await userEvent.type(input, 'orders');
    const names = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Marketplace › OrdersPage', 'Shop › OrdersPage']);
    const selected = () => within(listbox).getByRole('option', { selected: true });
    expect(selected().textContent).toContain('Marketplace › Orders');
    expect(input.getAttribute('aria-activedescendant')).toBe(selected().id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected().textContent).toContain('Shop › Orders');
    expect(input.getAttribute('aria-activedescendant')).toBe(selected().id);
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps to the first
    expect(selected().textContent).toContain('Marketplace › Orders');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(path()).toBe('/shop/orders');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('finds a player by Telegram ID on the server once typing settles, announces it, and opens their page', async () => {
    vi.mocked(fetchData).mockResolvedValue({
      users: [player],
      pagination: { totalPages: 1, totalUsers: 1, currentPage: 1, usersPerPage: 5 },
    });
    renderHost();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    const input = await combobox();
    await userEvent.type(input, '5550001');
    expect(await screen.findByRole('option', { name: /@palette_player · Pal Ette · 5550001/ })).toBeTruthy();
    // One call for the settled text, not one per key, with a small page.
    expect(vi.mocked(fetchData)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetchData).mock.calls[0]![1]).toMatchObject({
      params: { page: 1, limit: 5, search: '5550001' },
    });
    expect(screen.getByText('0 pages, 1 player').getAttribute('role')).toBe('status');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(path()).toBe('/users/detail/5550001');
  });

  it('closes on Esc and gives the focus back to the button that opened it', async () => {
    renderHost();
    const button = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(button);
    const input = await combobox();
    expect(document.activeElement).toBe(input);
    await act(async () => {
      await userEvent.keyboard('{Escape}');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(path()).toBe('/dashboard');
  });
});
