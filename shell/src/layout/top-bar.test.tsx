import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { THEME_STORAGE_KEY } from '../features/theme/color-scheme';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  it('has an About entry beside Logout that opens the About dialog', async () => {
    // Signed out: the counters show zeros and poll nothing.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['About', 'My security', 'Logout']);
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    expect(within(dialog).getByRole('region', { name: 'Shell' })).toBeTruthy();
  });

  it('has Search, which opens the palette, and a "Dark mode" switch remembered in this browser', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const onOpenPalette = vi.fn();
    // The switch is an on-demand chunk: the render settles once it has loaded.
    await act(async () => {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <TopBar onOpenPalette={onOpenPalette} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search.getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K');
    fireEvent.click(search);
    expect(onOpenPalette).toHaveBeenCalledOnce();
    const dark = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(dark.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(dark);
    expect(dark.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(dark);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('has My security, which every admin may open, whatever their roles', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<TopBar />} />
            <Route path="/settings/security" element={<p>security page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'My security' }));
    expect(screen.getByText('security page')).toBeTruthy();
  });
});
