import type { ShopItem } from '@manager/contract';
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

const item = (id: number, status = true, type: ShopItem['type'] = 'FRAME'): ShopItem => ({
  id,
  titleEn: `Item ${id}`,
  titleRu: `Предмет ${id}`,
  descriptionEn: 'd',
  descriptionRu: 'd',
  photo: null,
  photoUrl: null,
  thumb: null,
  thumbUrl: null,
  type,
  price: id,
  currency: 'TON',
  status,
  sold: id * 2,
  bundleItems: null,
});
const answer = (data: unknown) => vi.mocked(http.get).mockResolvedValue({ code: 200, data });
const lastParams = () =>
  (vi.mocked(http.get).mock.lastCall?.[1] as { params?: Record<string, unknown> } | undefined)?.params;
const card = (name: string) => screen.getByRole('group', { name });

afterEach(() => vi.clearAllMocks());

describe('Shop items', { timeout: 30_000 }, () => {
  it("asks for the URL's page, search, filters and sort, and shows a server page with the server's cards", async () => {
    answer({
      items: [item(11), item(12, false)],
      pagination: { totalPages: 3, currentPage: 2, totalItems: 22 },
      stats: { total: 40, active: 30, inactive: 10, sales: 999 },
    });
    renderRoutesAt(routes, '/shop/list?q=frame&type=FRAME&status=active&page=2&sort=-sold');
    expect(await screen.findByText('Showing 11 to 20 of 22 results')).toBeTruthy();
    expect(lastParams()).toEqual({
      page: 2,
      limit: 10,
      search: 'frame',
      type: 'FRAME',
      status: 'active',
      sort: '-sold',
    });
    expect(within(card('Total Items')).getByText('40')).toBeTruthy();
    expect(within(card('Total Sales')).getByText('999')).toBeTruthy();
    expect(screen.getByText('Item 12')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Sold' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('on a whole list, filters and pages it here; the cards count every item', async () => {
    answer([
      ...Array.from({ length: 12 }, (_, i) => item(i + 1)),
      item(20, false),
      item(21, false, 'NOOB_PACK'),
    ]);
    renderRoutesAt(routes, '/shop/list?status=active&page=2');
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeTruthy();
    expect(within(card('Total Items')).getByText('14')).toBeTruthy();
    expect(within(card('Inactive')).getByText('2')).toBeTruthy();
    expect(screen.getByText('Item 11')).toBeTruthy();
    fireEvent.click(screen.getByRole('columnheader', { name: 'Price' }));
    await waitFor(() => expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeTruthy());
    expect(screen.getByText('Item 1')).toBeTruthy();
  });

  it("the bundle picker of a NOOB_PACK's form offers every item, not only the page's", async () => {
    vi.mocked(http.get).mockImplementation(
      async (_path: string, config?: { params?: Record<string, unknown> }) =>
        config?.params?.page
          ? {
              code: 200,
              data: {
                items: [item(21, true, 'NOOB_PACK')],
                pagination: { totalPages: 1, currentPage: 1, totalItems: 1 },
                stats: { total: 3, active: 3, inactive: 0, sales: 0 },
              },
            }
          : { code: 200, data: [item(1), item(2), item(21, true, 'NOOB_PACK')] },
    );
    renderRoutesAt(routes, '/shop/list?type=NOOB_PACK');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Item 21' }));
    const bundle = await screen.findByRole('group', { name: 'Bundle items' });
    expect(within(bundle).getAllByRole('checkbox')).toHaveLength(2);
  });

  it("another admin's change under the edit form: the notice, and Review changes takes it into the fields not typed in", async () => {
    let stored = [item(11), item(12)];
    vi.mocked(http.get).mockImplementation(async () => ({ code: 200, data: stored }));
    const client = renderRoutesAt(routes, '/shop/list').client;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Item 11' }));
    const form = await screen.findByRole('form', { name: 'Edit Item 11' });
    const field = (label: string) => within(form).getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field('Title (English)'), { target: { value: 'My title' } });
    expect(screen.queryByText('This record changed')).toBeNull();

    stored = [{ ...item(11), titleEn: 'Their title', price: 15 }, item(12)];
    act(() =>
      deliverLiveEvent(client, {
        entity: 'shop_item',
        entityId: '11',
        action: 'shop_item.update',
        actor: 'finance',
      }),
    );
    expect(await screen.findByText('This record changed')).toBeTruthy();
    expect(screen.getByText('Changed by finance while you were editing.')).toBeTruthy();
    // The same form, nothing replaced: the typed title stays, the price is the one opened with.
    expect(form.isConnected).toBe(true);
    expect(field('Title (English)').value).toBe('My title');
    expect(field('Price').value).toBe('11.00');

    fireEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(field('Price').value).toBe('15.00'));
    expect(field('Title (English)').value).toBe('My title');
    expect(screen.queryByText('This record changed')).toBeNull();
    const changed = screen.getByRole('list', { name: 'Changed meanwhile' });
    expect(within(changed).getByText('Price')).toBeTruthy();
    expect(within(changed).getByText('Title (English)')).toBeTruthy();
  });

  it('the edit form stays open when a change takes its item off the page', async () => {
    let stored = [item(11), item(12)];
    vi.mocked(http.get).mockImplementation(async () => ({ code: 200, data: stored }));
    const client = renderRoutesAt(routes, '/shop/list?status=active').client;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Item 11' }));
    const form = await screen.findByRole('form', { name: 'Edit Item 11' });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'My title' } });

    stored = [item(11, false), item(12)];
    act(() =>
      deliverLiveEvent(client, {
        entity: 'shop_item',
        entityId: '11',
        action: 'shop_item.update',
        actor: 'finance',
      }),
    );
    expect(await screen.findByText('This record changed')).toBeTruthy();
    expect(form.isConnected).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>('Title (English)').value).toBe('My title');
  });
});
