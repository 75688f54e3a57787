import type { Mailing } from '@manager/contract';
import { http } from '@manager/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import MailingPage from './mailing-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // Mocks on the one client object, so the platform's own fetchData sees them too.
  Object.assign(actual.http, { get: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() } };
});

const mailing = (id: number): Mailing => ({
  id,
  message: `Message ${id}`,
  buttonText: 'Play',
  buttonLink: 'https://t.me/x',
  mediaLink: null,
  recipients: id,
  delivered: id,
  failed: 0,
  status: 'done',
  createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
});
/** Newest first, as the API answers the whole list. */
const ALL = Array.from({ length: 25 }, (_, i) => mailing(25 - i));
const messages = () =>
  screen.getAllByRole('row').flatMap((row) =>
    within(row)
      .queryAllByText(/^Message \d+$/)
      .map((cell) => cell.textContent),
  );
const lastQuery = () => vi.mocked(http.get).mock.lastCall?.[1]?.params;

afterEach(() => vi.clearAllMocks());

describe('MailingPage', { timeout: 30_000 }, () => {
  it('an API answering every mailing ({ mailings }): pages of 20 here, the page in the URL', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: { mailings: ALL } });
    const page = renderPage(MailingPage, '/mailing');
    await waitFor(() => expect(messages()).toHaveLength(20));
    expect(lastQuery()).toEqual({ page: 1, limit: 20 });
    expect(messages()[0]).toBe('Message 25');
    expect(screen.getByText('Showing 1 to 20 of 25 results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(page.search()).toBe('?page=2');
    await waitFor(() =>
      expect(messages()).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1']),
    );
  });

  it('a paging API ({ mailings, pagination }): the page as answered; a sort in the URL is sent', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: { mailings: ALL.slice(0, 2), pagination: { totalPages: 3, currentPage: 3, totalMailings: 42 } },
    });
    renderPage(MailingPage, '/mailing?page=3&sort=-recipients');
    await waitFor(() => expect(messages()).toEqual(['Message 25', 'Message 24']));
    expect(lastQuery()).toEqual({ page: 3, limit: 20, sort: '-recipients' });
    expect(screen.getByText('Showing 41 to 42 of 42 results')).toBeTruthy();
  });
});
