import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import { AuditTable } from './audit-table.tsx';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-03-05T14:07:09.000Z',
  admin: { id: 1, username: 'admin' },
  action: 'user.balances.update',
  entityType: 'user',
  entityId: '5000000123',
  userTelegramId: 5000000123,
  before: { tonBalance: '10.000000000' },
  after: { tonBalance: '12.5' },
  ip: '127.0.0.1',
  userAgent: null,
  reason: 'refund',
  consoleVersion: null,
  ...over,
});

/** A fake router link, as the apps pass theirs. */
const renderLink = (to: string, text: string) => <a href={`#${to}`}>{text}</a>;
const entityPath = (type: string, id: string | null) =>
  type === 'user' ? `/users/detail/${id}` : type === 'withdrawal' ? '/transactions/withdrawals' : null;

describe('AuditTable', () => {
  it('shows time, admin, action, the entity linked to its screen and the changes', () => {
    render(
      <AuditTable
        entries={[
          entry({}),
          entry({
            id: 2,
            action: 'withdrawal.reject',
            entityType: 'withdrawal',
            entityId: '9',
            before: { status: 'pending' },
            after: { status: 'rejected' },
            reason: null,
          }),
          entry({
            id: 3,
            action: 'auth.2fa.enable',
            entityType: 'admin',
            entityId: '1',
            userTelegramId: null,
            admin: { id: null, username: null },
            before: null,
            after: null,
            reason: null,
          }),
        ]}
        entityPath={entityPath}
        renderLink={renderLink}
        actionLabel={(a) => (a === 'user.balances.update' ? 'Balances changed' : a)}
      />,
    );
    for (const title of ['Time', 'Admin', 'Action', 'Entity', 'Changes'])
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    const [, first, second, third] = screen.getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'User 5000000123' }).getAttribute('href')).toBe(
      '#/users/detail/5000000123',
    );
    expect(first!.textContent).toContain('TON balance: 10.00 TON -> 12.50 TON');
    expect(first!.textContent).not.toContain('tonBalance');
    expect(first!.textContent).toContain('Reason: refund');
    expect(first!.textContent).toContain('Balances changed');
    expect(first!.textContent).toContain('127.0.0.1');
    expect(first!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-05T14:07:09.000Z');

    // A withdrawal links to its list, and names the player it is about.
    expect(within(second!).getByRole('link', { name: 'Withdrawal #9' }).getAttribute('href')).toBe(
      '#/transactions/withdrawals',
    );
    expect(within(second!).getByRole('link', { name: '5000000123' }).getAttribute('href')).toBe(
      '#/users/detail/5000000123',
    );
    expect(second!.textContent).toContain('Status: "pending" -> "rejected"');

    // No screen for admins: the entity is text; no fields: "-"; no admin: Unknown.
    expect(within(third!).queryByRole('link')).toBeNull();
    expect(third!.textContent).toContain('Admin #1');
    expect(third!.textContent).toContain('Unknown');
  });

  it('folds under Details, when asked, the console builds the admin ran and their browser', () => {
    const props = { entityPath, renderLink };
    const { unmount } = render(<AuditTable entries={[entry({})]} {...props} />);
    expect(screen.queryByRole('columnheader', { name: 'Details' })).toBeNull();
    unmount();

    render(
      <AuditTable
        details
        entries={[
          entry({
            consoleVersion: 'shell@0.1.0+ab12cd34 settings@0.1.0-3f9a2c1b',
            userAgent: 'Mozilla/5.0 (X11)',
          }),
          entry({ id: 2 }),
        ]}
        {...props}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Details' })).toBeTruthy();
    const [, first, second] = screen.getAllByRole('row');
    const summary = within(first!).getByText('Details', { selector: 'summary' });
    expect(summary.closest('details')!.open).toBe(false);
    fireEvent.click(summary);
    expect(summary.closest('details')!.open).toBe(true);
    const terms = [...first!.querySelectorAll('dt')].map((d) => [
      d.textContent,
      d.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ['Console', 'shell@0.1.0+ab12cd34 settings@0.1.0-3f9a2c1b'],
      ['Browser', 'Mozilla/5.0 (X11)'],
    ]);
    expect([...second!.querySelectorAll('dd')].map((d) => d.textContent)).toEqual([
      'Not recorded',
      'Not recorded',
    ]);
  });

  it('says so when there are no rows', () => {
    render(
      <AuditTable entries={[]} entityPath={entityPath} renderLink={renderLink} emptyText="No history yet" />,
    );
    expect(screen.getByRole('heading', { name: 'No history yet' })).toBeTruthy();
  });
});
