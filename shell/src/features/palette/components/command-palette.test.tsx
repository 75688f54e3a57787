import {
  fetchData,
  MemoryRouter,
  rememberPlayer,
  Route,
  Routes,
  useAuthStore,
  useLocation,
} from '@manager/platform';
import type { UserSummary } from '@manager/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { menuPages } from '../../../layout/menu-items';
import { usePalette } from '../hooks/use-palette';
import CommandPalette, { type CommandPaletteProps } from './command-palette';
import type { PaletteAction } from './palette-options';

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

function Host({
  Palette = CommandPalette,
  actions = [],
}: {
  Palette?: ComponentType<CommandPaletteProps>;
  actions?: PaletteAction[];
}) {
  const palette = usePalette();
  return (
    <>
      <button type="button">somewhere</button>
      <button type="button" onClick={palette.show}>
        Search
      </button>
      <Suspense fallback={null}>
        {palette.open && (
          <Palette
            pages={menuPages()}
            actions={actions}
            onClose={palette.close}
            takeTyped={palette.takeTyped}
          />
        )}
      </Suspense>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
}

function renderHost(props: Parameters<typeof Host>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Host {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const combobox = () => screen.findByRole('combobox', { name: 'Go to page or find a user' });
const path = () => screen.getByRole('status', { name: 'path' }).textContent;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ admin: { id: 1, username: 'admin', twoFactorEnabled: false } });
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

  it('keeps the keys typed while its code loads, and an early Enter opens the first result once found', async () => {
    vi.mocked(fetchData).mockResolvedValue({
      users: [player],
      pagination: { totalPages: 1, totalUsers: 1, currentPage: 1, usersPerPage: 5 },
    });
    let loaded: (m: { default: ComponentType<CommandPaletteProps> }) => void = () => undefined;
    const Slow = lazy(
      () => new Promise<{ default: ComponentType<CommandPaletteProps> }>((r) => (loaded = r)),
    );
    renderHost({ Palette: Slow });
    const before = screen.getByRole('button', { name: 'somewhere' });
    before.focus();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    // Typed into a page with no palette yet: kept, and the focused button does not act on them.
    for (const key of ['5', '5', '5', '0', '0', '0', '9', 'Backspace', '1', 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      before.dispatchEvent(event);
      expect(event.defaultPrevented, key).toBe(true);
    }
    expect(screen.queryByRole('combobox')).toBeNull();
    await act(async () => loaded({ default: CommandPalette }));
    const input = await combobox();
    expect((input as HTMLInputElement).value).toBe('5550001');
    // Enter waited for the players (300 ms after the text settled), then opened the first.
    await vi.waitFor(() => expect(path()).toBe('/users/detail/5550001'), { timeout: 3000 });
    expect(vi.mocked(fetchData).mock.calls[0]![1]).toMatchObject({ params: { search: '5550001' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an Enter typed while players are searched waits for them instead of doing nothing', async () => {
    vi.mocked(fetchData).mockResolvedValue({
      users: [player],
      pagination: { totalPages: 1, totalUsers: 1, currentPage: 1, usersPerPage: 5 },
    });
    renderHost();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await combobox();
    fireEvent.change(input, { target: { value: '5550001' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(path()).toBe('/dashboard');
    await vi.waitFor(() => expect(path()).toBe('/users/detail/5550001'), { timeout: 3000 });
  });

  it('runs an action, and lists the players opened lately first, newest first', async () => {
    const run = vi.fn();
    rememberPlayer({ telegramId: 111, username: 'older' });
    rememberPlayer({ telegramId: 222, username: 'newer', firstName: 'New' });
    rememberPlayer({ telegramId: 111, username: 'older' });
    renderHost({ actions: [{ id: 'dark', label: 'Dark mode: turn on', run }] });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await combobox();
    const options = () =>
      within(screen.getByRole('listbox', { name: 'Results' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options().slice(0, 3)).toEqual([
      '@older · 111Recent player',
      '@newer · New · 222Recent player',
      'Dark mode: turn onAction',
    ]);
    expect(options()).toHaveLength(menuPages().length + 3);
    await userEvent.type(input, 'dark');
    expect(options()).toEqual(['Dark mode: turn onAction']);
    expect(await screen.findByText('0 pages, 0 players, 1 action')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(path()).toBe('/dashboard');
  });
});
