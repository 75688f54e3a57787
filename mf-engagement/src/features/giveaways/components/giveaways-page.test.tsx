import type { Giveaway } from '@manager/contract';
import { configurePlatform, http } from '@manager/platform';
import { deliverLiveEvent } from '@manager/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import GiveawaysPage from './giveaways-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // Mocks on the one client object, so the platform's own fetchData sees them too.
  Object.assign(actual.http, { get: vi.fn(), put: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() } };
});

const day = 86_400_000;
const g = (
  id: number,
  offsetDays: number,
  status: boolean,
  isFree = false,
  gift = 'PlushPepe-1',
): Giveaway => ({
  id,
  previewImageUrl: null,
  expiredDate: new Date(Date.now() + offsetDays * day).toISOString(),
  gifts: [{ id, name: gift, price: 1 }],
  isFree,
  ticketPriceTon: 0,
  ticketPriceStars: 0,
  tickets: null,
  status,
  winners: [],
});
/** Expired: 1 and 4 (4 is off: Expired wins); Active: 2 and 10..19; Inactive: 3. */
const ALL = [
  g(1, -2, true),
  g(2, 3, true, true),
  g(3, 5, false),
  g(4, -1, false, true, 'JingleBells-7'),
  ...Array.from({ length: 10 }, (_, i) => g(10 + i, 10 + i, true)),
];
const dataRows = () =>
  screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0);
const ids = () =>
  dataRows().map((row) =>
    Number(
      /giveaway (\d+)/.exec(
        within(row)
          .getByRole('button', { name: /^Delete giveaway/ })
          .getAttribute('aria-label')!,
      )![1],
    ),
  );
const tile = (name: string) => screen.getByRole('group', { name });
const lastQuery = () => vi.mocked(http.get).mock.lastCall?.[1]?.params;

afterEach(() => vi.clearAllMocks());

describe('GiveawaysPage', { timeout: 30_000 }, () => {
  it('an API answering every giveaway: latest expiry first, 10 a page, page and status from the URL, tiles over all', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    const page = renderPage(GiveawaysPage, '/giveaways/list?page=2');
    await waitFor(() => expect(ids()).toEqual([3, 2, 4, 1]));
    expect(lastQuery()).toEqual({ page: 2, limit: 10 });
    expect(screen.getByText('Showing 11 to 14 of 14 results')).toBeTruthy();
    expect(within(tile('Expired')).getByText('2')).toBeTruthy();
    expect(within(tile('Active')).getByText('11')).toBeTruthy();

    fireEvent.mouseDown(
      within(screen.getByLabelText('Status filter').closest('.ant-select')!).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByTitle('Expired'));
    expect(page.search()).toBe('?status=expired');
    await waitFor(() => expect(ids()).toEqual([4, 1]));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 10, status: 'expired' }));

    fireEvent.change(screen.getByLabelText('Search giveaways'), { target: { value: 'jingle' } });
    await waitFor(() => expect(page.search()).toBe('?status=expired&q=jingle'));
    await waitFor(() => expect(ids()).toEqual([4]));
    page.back();
    expect(page.search()).toBe('?status=expired');
    await waitFor(() => expect(ids()).toEqual([4, 1]));
    expect((screen.getByLabelText('Search giveaways') as HTMLInputElement).value).toBe('');
  });

  it('a paging API: rows, total and tiles as answered; toggling a row saves it and reloads that page', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: {
        giveaways: [ALL[2]!, ALL[0]!],
        pagination: { totalPages: 4, currentPage: 4, totalGiveaways: 32 },
        stats: { total: 50, active: 20, expired: 25, free: 5 },
      },
    });
    vi.mocked(http.put).mockResolvedValue({ code: 200, data: ALL[2] });
    renderPage(GiveawaysPage, '/giveaways/list?page=4&sort=createdAt');
    await waitFor(() => expect(ids()).toEqual([3, 1]));
    expect(lastQuery()).toEqual({ page: 4, limit: 10, sort: 'createdAt' });
    expect(screen.getByText('Showing 31 to 32 of 32 results')).toBeTruthy();
    expect(within(tile('Total Giveaways')).getByText('50')).toBeTruthy();
    expect(within(tile('Expired')).getByText('25')).toBeTruthy();

    const before = vi.mocked(http.get).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Enable giveaway 3' }));
    await waitFor(() => expect(http.put).toHaveBeenCalledWith('/giveaways/3', expect.any(FormData)));
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.length).toBeGreaterThan(before));
    expect(lastQuery()).toEqual({ page: 4, limit: 10, sort: 'createdAt' });
  });

  it('another admin changes the giveaway under its open edit form: nothing typed is replaced; Review changes brings the rest, gifts too', async () => {
    // The gift picker reads where the NFT images are.
    configurePlatform({ nftImageBaseUrl: 'https://nft.test' } as Parameters<typeof configurePlatform>[0]);
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    const { client } = renderPage(GiveawaysPage, '/giveaways/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit giveaway 19' }));
    const form = within(document.querySelector<HTMLElement>('form#editGiveaway19')!);
    const field = (label: string) => form.getByLabelText<HTMLInputElement>(label);
    const gifts = () =>
      within(form.getByRole('list', { name: 'Selected gifts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    fireEvent.change(field('TON Price'), { target: { value: '5' } });

    // The Stars price and the gifts change in the store; the list answers them after the event.
    const before = ALL.find((x) => x.id === 19)!;
    const changed = { ...before, ticketPriceStars: 7, gifts: [{ id: 99, name: 'Gold-1', price: 3 }] };
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL.map((x) => (x.id === 19 ? changed : x)) });
    act(() =>
      deliverLiveEvent(client, {
        entity: 'giveaway',
        entityId: '19',
        action: 'giveaway.update',
        actor: 'finance',
      }),
    );
    expect(await form.findByText('This record changed')).toBeTruthy();
    expect(form.getByText('Changed by finance while you were editing.')).toBeTruthy();
    expect(field('TON Price').value).toBe('5.00');
    expect(field('Stars Price').value).toBe('0.00');
    expect(gifts()).toEqual([expect.stringContaining('PlushPepe-1')]);

    fireEvent.click(form.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(field('Stars Price').value).toBe('7.00'));
    expect(gifts()).toEqual([expect.stringContaining('Gold-1')]);
    expect(field('TON Price').value).toBe('5.00');
    const meanwhile = form.getByRole('list', { name: 'Changed meanwhile' });
    expect(
      within(meanwhile)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Stars Price', 'Gifts']);
    expect(form.queryByText('This record changed')).toBeNull();
  });
});
