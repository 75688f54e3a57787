import { http } from '@manager/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCsvExport } from '../../../test/csv-export';
import { renderPage } from '../../../test/render-page';
import GameHistoryPage from './game-history-page';

let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  get = vi
    .spyOn(http, 'get')
    .mockResolvedValue({ code: 200, data: { games: [], pagination: { totalPages: 3, totalGames: 45 } } });
});
afterEach(() => vi.restoreAllMocks());

describe('Game history', () => {
  it('keeps page and search in the address: a reload asks for the same page, Back returns to the view before', async () => {
    const { search, back } = renderPage(<GameHistoryPage />, '/game/list?q=ROOM&page=2');
    expect(await screen.findByText('45 games found')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/game/history', { params: { page: 2, limit: 20, search: 'ROOM' } });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search games' }).value).toBe('ROOM');

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Page 3' })));
    expect(search().toString()).toBe('q=ROOM&page=3');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/game/history', {
        params: { page: 3, limit: 20, search: 'ROOM' },
      }),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), { target: { value: 'alice' } });
    await waitFor(() => expect(search().toString()).toBe('q=alice'));
    await back();
    expect(search().toString()).toBe('q=ROOM&page=3');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search games' }).value).toBe('ROOM'),
    );
  });

  it('sends the Rows per page choice of the address as the limit', async () => {
    renderPage(<GameHistoryPage />, '/game/list?size=50');
    expect(await screen.findByText('45 games found')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/game/history', { params: { page: 1, limit: 50 } });
  });

  it('Export CSV asks for every game of the search and counts the rows it receives', async () => {
    const csv = stubCsvExport();
    renderPage(<GameHistoryPage />, '/game/list?q=ROOM&page=2');
    expect(await screen.findByText('45 games found')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    expect(csv.url().pathname).toBe('/manager/game/history/export');
    expect(csv.url().search).toBe('?search=ROOM');
    await act(async () => csv.send('id,roomCode\r\n9,ROOM1\r\n'));
    expect((await screen.findByRole('status')).textContent).toBe('Exporting 1 of 45 rows');
    await act(async () => csv.end());
    expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(csv.saved).toHaveBeenCalledTimes(1);
  });
});
