import type { Mailing } from '@manager/contract';
import { http } from '@manager/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverLiveEvent, grantPermissions } from '@manager/platform/testing';
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

  it('writing and starting are separate rights: Start without mailing.create, Edit and the rest without mailing.start', async () => {
    const waiting = { ...mailing(1), status: 'waiting' as const };
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: { mailings: [waiting] } });
    grantPermissions(['mailing.read', 'mailing.start']);
    const first = renderPage(MailingPage, '/mailing');
    expect(await screen.findByRole('button', { name: 'Start mailing 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit mailing 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete mailing 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New Message/ })).toBeNull();
    first.unmount();

    grantPermissions(['mailing.read', 'mailing.create']);
    renderPage(MailingPage, '/mailing');
    expect(await screen.findByRole('button', { name: 'Edit mailing 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send test of mailing 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /New Message/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start mailing 1' })).toBeNull();
  });

  it('?new=message opens New Message only for an admin with mailing.create; the address drops it either way', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: { mailings: ALL } });
    grantPermissions(['mailing.read', 'mailing.start']);
    const starter = renderPage(MailingPage, '/mailing?new=message');
    expect(await screen.findByText('Message 25')).toBeTruthy();
    await waitFor(() => expect(starter.search()).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    starter.unmount();

    grantPermissions(['mailing.read', 'mailing.create']);
    const writer = renderPage(MailingPage, '/mailing?new=message');
    expect(await screen.findByRole('dialog', { name: 'New Message' })).toBeTruthy();
    await waitFor(() => expect(writer.search()).toBe(''));
  });

  it('another admin changes the message under the open Edit Message: nothing typed is replaced; Review changes brings the rest', async () => {
    const waiting = { ...mailing(1), status: 'waiting' as const };
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: { mailings: [waiting] } });
    const { client } = renderPage(MailingPage, '/mailing');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit mailing 1' }));
    // By its title: under test antd's ids are all "test-id", so the dialog's name is not its own.
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Edit Message')).toBeTruthy();
    const field = (label: string) => dialog.getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field('Button Text'), { target: { value: 'Mine' } });

    // The message and its button change in the store; the list answers them after the event.
    const changed = { ...waiting, message: 'Message 1, reworded', buttonText: 'Open' };
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: { mailings: [changed] } });
    act(() =>
      deliverLiveEvent(client, {
        entity: 'mailing',
        entityId: '1',
        action: 'mailing.update',
        actor: 'finance',
      }),
    );
    expect(await dialog.findByText('This record changed')).toBeTruthy();
    expect(dialog.getByText('Changed by finance while you were editing.')).toBeTruthy();
    expect(field('Button Text').value).toBe('Mine');
    expect(field('Message').value).toBe('Message 1');

    fireEvent.click(dialog.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(field('Message').value).toBe('Message 1, reworded'));
    expect(field('Button Text').value).toBe('Mine');
    expect(field('Button Link').value).toBe('https://t.me/x');
    const meanwhile = dialog.getByRole('list', { name: 'Changed meanwhile' });
    expect(
      within(meanwhile)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Message', 'Button Text']);
    expect(dialog.queryByText('This record changed')).toBeNull();
  });
});
