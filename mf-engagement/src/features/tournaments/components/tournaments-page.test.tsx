import type { Tournament } from '@manager/contract';
import { http } from '@manager/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import TournamentsPage from './tournaments-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // Mocks on the one client object, so the platform's own fetchData sees them too.
  Object.assign(actual.http, { get: vi.fn(), delete: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() } };
});

const tournament = (id: number, date: string | null): Tournament => ({
  id,
  tournamentsDate: date,
  tournamentsLink: `https://t.me/cup${id}`,
  tournamentsImage: null,
});
/** 23 tournaments, the API's order: latest date first, the undated last. */
const ALL = [
  ...Array.from({ length: 21 }, (_, i) =>
    tournament(30 - i, new Date(Date.UTC(2030, 0, 30 - i)).toISOString()),
  ),
  tournament(2, null),
  tournament(1, null),
];
const links = () => screen.getAllByRole('link').map((a) => a.textContent);
const lastQuery = () => vi.mocked(http.get).mock.lastCall?.[1]?.params;

afterEach(() => vi.clearAllMocks());

describe('TournamentsPage', { timeout: 30_000 }, () => {
  it('an API answering every tournament: pages of 20 here; a sort in the URL orders it, undated last', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    const page = renderPage(TournamentsPage, '/tournaments?sort=tournamentsDate&page=2');
    await waitFor(() =>
      expect(links()).toEqual(['https://t.me/cup30', 'https://t.me/cup2', 'https://t.me/cup1']),
    );
    expect(lastQuery()).toEqual({ page: 2, limit: 20, sort: 'tournamentsDate' });
    expect(screen.getByText('Showing 21 to 23 of 23 results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(page.search()).toBe('?sort=tournamentsDate');
    await waitFor(() => expect(links()[0]).toBe('https://t.me/cup10'));
  });

  it('a paging API: the page as answered; a delete reloads the page shown', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: {
        tournaments: ALL.slice(0, 2),
        pagination: { totalPages: 2, currentPage: 2, totalTournaments: 22 },
      },
    });
    vi.mocked(http.delete).mockResolvedValue({ code: 200, data: null });
    renderPage(TournamentsPage, '/tournaments?page=2');
    await waitFor(() => expect(links()).toEqual(['https://t.me/cup30', 'https://t.me/cup29']));
    expect(screen.getByText('Showing 21 to 22 of 22 results')).toBeTruthy();
    const before = vi.mocked(http.get).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete tournament 30' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('/tournaments/30'));
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.length).toBeGreaterThan(before));
    expect(lastQuery()).toEqual({ page: 2, limit: 20 });
  });
});
