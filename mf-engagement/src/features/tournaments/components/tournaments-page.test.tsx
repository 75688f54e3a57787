import type { Tournament } from '@manager/contract';
import { http } from '@manager/platform';
import { deliverLiveEvent } from '@manager/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
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

  it('another admin changes the tournament under the open Edit Tournament: nothing typed is replaced; Review changes brings the rest', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    const { client } = renderPage(TournamentsPage, '/tournaments');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit tournament 30' }));
    // By its title: under test antd's ids are all "test-id", so the dialog's name is not its own.
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Edit Tournament')).toBeTruthy();
    const field = (label: string) => dialog.getByLabelText<HTMLInputElement>(label);
    // What the date input shows for a stored date (local time, to the minute).
    const shown = (iso: string) => dayjs(iso).format('YYYY-MM-DDTHH:mm');
    const before = ALL[0]!;
    expect(field('Tournament Date').value).toBe(shown(before.tournamentsDate!));
    fireEvent.change(field('Tournament Link'), { target: { value: 'https://t.me/mine' } });

    // Date and link change in the store; the list answers the changed tournament after the event.
    const changed = {
      ...before,
      tournamentsDate: '2030-02-15T12:00:00.000Z',
      tournamentsLink: 'https://t.me/final',
    };
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: [changed, ...ALL.slice(1)] });
    act(() =>
      deliverLiveEvent(client, {
        entity: 'tournament',
        entityId: '30',
        action: 'tournament.update',
        actor: 'finance',
      }),
    );
    expect(await dialog.findByText('This record changed')).toBeTruthy();
    expect(dialog.getByText('Changed by finance while you were editing.')).toBeTruthy();
    expect(field('Tournament Link').value).toBe('https://t.me/mine');
    expect(field('Tournament Date').value).toBe(shown(before.tournamentsDate!));

    fireEvent.click(dialog.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(field('Tournament Date').value).toBe(shown(changed.tournamentsDate)));
    expect(field('Tournament Link').value).toBe('https://t.me/mine');
    const meanwhile = dialog.getByRole('list', { name: 'Changed meanwhile' });
    expect(
      within(meanwhile)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tournament Date', 'Tournament Link']);
    expect(dialog.queryByText('This record changed')).toBeNull();
  });
});
