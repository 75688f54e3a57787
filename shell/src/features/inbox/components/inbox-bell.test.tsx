import { MemoryRouter, Route, Routes, useLocation, type InboxHooks } from '@manager/platform';
import type { InboxResponse } from '@manager/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import InboxBell from './inbox-bell';

const inbox: { current: InboxResponse } = { current: { items: [], unread: 0 } };
const mutate = vi.fn();
// The hooks as the bell is given them (`loadInbox`): what the inbox holds, and the marking.
const hooks = {
  useInbox: () => inbox.current,
  useMarkRead: () => ({ mutate }),
} as unknown as InboxHooks;

const item = (id: number, read: boolean, link: string | null = '/transactions/withdrawals') => ({
  id,
  kind: 'withdrawal.second_approval' as const,
  text: `Withdrawal #${id} (25 TON) awaits a second approval`,
  link,
  at: '2026-12-01T09:30:00.000Z',
  read,
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}
async function renderBell() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <InboxBell inbox={hooks} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

beforeEach(() => mutate.mockReset());

describe('the inbox bell', () => {
  it('names its unread count, lists the items newest first, and opens one at its screen, marking it read', async () => {
    inbox.current = { items: [item(12, false), item(11, true, null)], unread: 1 };
    await renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = within(panel).getByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Unread: Withdrawal #12 (25 TON) awaits a second approval',
      'Withdrawal #11 (25 TON) awaits a second approval',
    ]);
    // Only the unread one offers Mark read; the read one without a screen is plain text.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();

    fireEvent.click(
      within(rows[0]!).getByRole('link', {
        name: 'Unread: Withdrawal #12 (25 TON) awaits a second approval',
      }),
    );
    expect(mutate).toHaveBeenCalledWith(12);
    expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/transactions/withdrawals');
  });

  it('marks one read, or all; Mark all read waits for something unread', async () => {
    inbox.current = { items: [item(2, false), item(1, false)], unread: 2 };
    await renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(
      within(panel).getByRole('button', {
        name: 'Mark read: Withdrawal #1 (25 TON) awaits a second approval',
      }),
    );
    expect(mutate).toHaveBeenLastCalledWith(1);
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(mutate).toHaveBeenLastCalledWith(undefined);
  });

  it('says there is nothing when the inbox is empty', async () => {
    inbox.current = { items: [], unread: 0 };
    await renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('No notifications')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });
});
