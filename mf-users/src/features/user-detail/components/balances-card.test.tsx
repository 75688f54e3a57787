import { ApiError, queryKeys, useAuthStore } from '@manager/platform';
import { STEP_UP_STATUS } from '@manager/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetail } from '@manager/contract';
import { BUILT_IN_ROLES } from '@manager/contract';
import { deliverLiveEvent, grantPermissions } from '@manager/platform/testing';
import { BalancesCard } from './balances-card';
import { keys } from '../../../query-keys';

const put = vi.fn();
const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('@manager/platform', async (importOriginal) => {
  const real = await importOriginal<typeof import('@manager/platform')>();
  return {
    ...real,
    http: { ...real.http, put: (...args: unknown[]) => put(...args) },
    toast: {
      ...real.toast,
      error: (m: string) => toastError(m),
      success: (m: string) => toastSuccess(m),
    },
  };
});

const user = {
  telegramId: 42,
  username: 'neo',
  firstName: 'Neo',
  lastName: null,
  avatar: null,
  isPremium: false,
  countryName: null,
  countryFlag: null,
  lang: 'en',
  tonBalance: 1.5,
  starsBalance: 10,
  redChipBalance: 2,
  playBalance: 3,
  refNormal: 0,
  refPremium: 0,
  refTon: 0,
  refRedChip: 0,
  totalGames: 0,
  gamesWon: 0,
  gamesLost: 0,
  referralsCount: 0,
  dailyStrike: 0,
  maxStrike: 0,
  updatedAt: '2026-01-01T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  lastActive: null,
  recentWithdrawals: [],
  referredBy: null,
  games: [],
  inventories: [],
} satisfies UserDetail;

/** The Reason field (its label carries the required mark, hidden from screen readers). */
const REASON = /^Reason/;

/** The figures of `user` as the API sent them: the `expected` of a save from that page. */
const SEEN = {
  tonBalance: 1.5,
  starsBalance: 10,
  redChipBalance: 2,
  playBalance: 3,
  refNormal: 0,
  refPremium: 0,
};

function renderCard() {
  const client = new QueryClient();
  client.setQueryData(keys.users.detail('42'), user);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <BalancesCard user={user} />
    </QueryClientProvider>,
  );
  return { client, invalidate };
}

beforeEach(() => {
  put.mockReset();
  toastError.mockReset();
  toastSuccess.mockReset();
});

describe('BalancesCard', () => {
  it('offers no Edit to an admin without users.balances.edit (Support), the figures still shown', () => {
    grantPermissions(BUILT_IN_ROLES.support.permissions);
    renderCard();
    expect(screen.getByText('TON Balance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('saves the parsed values and refreshes the users lists, the dashboard and the audit trail', async () => {
    put.mockResolvedValue({ code: 200, data: { ...user, tonBalance: 2.25, starsBalance: 0 } });
    const { invalidate } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('TON Balance'), { target: { value: '2.25' } });
    fireEvent.change(screen.getByLabelText('Stars Balance'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: ' Refund of ticket 12 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy());
    expect(put).toHaveBeenCalledWith(
      '/users/42/balances',
      {
        tonBalance: 2.25,
        starsBalance: 0,
        redChipBalance: 2,
        playBalance: 3,
        refNormal: 0,
        refPremium: 0,
        expected: SEEN,
        reason: 'Refund of ticket 12',
      },
      { stepUpSummary: ['TON Balance: 1.5 -> 2.25', 'Stars Balance: 10 -> 0'] },
    );
    expect(toastSuccess).toHaveBeenCalledWith('Balances updated successfully');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.dashboard() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: keys.users.all() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.audit.all() });
  });

  it('shows Failed to update balances and stays in edit mode when the server refuses', async () => {
    put.mockRejectedValue(Object.assign(new Error('tonBalance: at most 2 decimals'), { status: 400 }));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'Correction' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to update balances'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('on 409 says Balances changed since you opened them, keeps what was typed, and saves from the stored figures after Review changes', async () => {
    const current = { ...user, tonBalance: 7.125, starsBalance: 99 };
    put.mockRejectedValueOnce(
      new ApiError('Balances changed since you opened them', {
        status: 409,
        code: 409,
        data: { code: 409, message: 'Balances changed since you opened them', data: current },
      }),
    );
    const { client, invalidate } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Red Chip Balance'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'Prize' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Balances changed since you opened them'));
    expect(put).toHaveBeenCalledWith(
      '/users/42/balances',
      expect.objectContaining({ redChipBalance: 50, expected: SEEN }),
      { stepUpSummary: ['Red Chip Balance: 2 -> 50'] },
    );
    // Nothing typed is replaced: the form says the record changed instead.
    expect(await screen.findByText('This record changed')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Red Chip Balance').value).toBe('50');
    expect(screen.getByLabelText<HTMLInputElement>('Stars Balance').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>(REASON).value).toBe('Prize');
    expect(client.getQueryData<UserDetail>(keys.users.detail('42'))).toMatchObject({
      tonBalance: 7.125,
      starsBalance: 99,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.dashboard() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: keys.users.all() });

    // Review changes: the stored figures fill the fields the admin did not touch; theirs stays.
    fireEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Stars Balance').value).toBe('99'));
    expect(screen.getByLabelText<HTMLInputElement>('TON Balance').value).toBe('7.125');
    expect(screen.getByLabelText<HTMLInputElement>('Red Chip Balance').value).toBe('50');
    expect(screen.getByRole('list', { name: 'Changed meanwhile' }).textContent).toContain(
      'Stars Balance: 10 -> 99',
    );
    expect(screen.queryByText('This record changed')).toBeNull();

    put.mockResolvedValueOnce({ code: 200, data: { ...current, redChipBalance: 50 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy());
    expect(put).toHaveBeenLastCalledWith(
      '/users/42/balances',
      {
        // TON was not touched: its stored 7.125 is sent as it is, not rounded to the form's 2 decimals.
        tonBalance: 7.125,
        starsBalance: 99,
        redChipBalance: 50,
        playBalance: 3,
        refNormal: 0,
        refPremium: 0,
        expected: { ...SEEN, tonBalance: 7.125, starsBalance: 99 },
        reason: 'Prize',
      },
      { stepUpSummary: ['Red Chip Balance: 2 -> 50'] },
    );
  });

  it('says This record changed when someone else saves under the open form, and never replaces what was typed', async () => {
    const { client } = renderCard();
    useAuthStore.setState({ admin: { id: 1, username: 'admin', email: null, twoFactorEnabled: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Stars Balance'), { target: { value: '+100' } });
    const change = {
      at: '2026-12-01T00:00:00.000Z',
      entity: 'user' as const,
      entityId: '42',
      action: 'user.balances.update' as const,
    };
    // The admin's own save, and someone merely arriving, are no change of the record.
    act(() => deliverLiveEvent(client, { ...change, id: '1', actor: 'admin' }));
    act(() => deliverLiveEvent(client, { ...change, id: '2', actor: 'finance', action: 'presence.changed' }));
    expect(screen.queryByText('This record changed')).toBeNull();

    act(() => deliverLiveEvent(client, { ...change, id: '3', actor: 'finance' }));
    expect(screen.getByText('This record changed')).toBeTruthy();
    expect(screen.getByText('Changed by finance while you were editing.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Stars Balance').value).toBe('+100');

    client.setQueryData(keys.users.detail('42'), { ...user, starsBalance: 15, redChipBalance: 9 });
    vi.spyOn(client, 'refetchQueries').mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Red Chip Balance').value).toBe('9'));
    expect(screen.getByLabelText<HTMLInputElement>('Stars Balance').value).toBe('+100');
    expect(screen.getByRole('list', { name: 'Changes to save' }).textContent).toContain(
      'Stars Balance: 15 -> 115',
    );
  });

  it('takes "+100" and "-1" as changes: shows "10 -> 110" before Save, and refuses a result below 0', async () => {
    put.mockResolvedValue({ code: 200, data: { ...user, starsBalance: 110 } });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Stars Balance'), { target: { value: '+100' } });
    const changes = screen.getByRole('list', { name: 'Changes to save' });
    expect(changes.textContent).toBe('Stars Balance: 10 -> 110');
    fireEvent.change(screen.getByLabelText('Play Balance'), { target: { value: '-4' } });
    expect(screen.getByRole('alert').textContent).toBe('Play Balance cannot go below 0 (3 -> -1)');
    expect(screen.getByLabelText('Play Balance').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'Prize' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Play Balance'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Balances updated successfully'));
    expect(put).toHaveBeenCalledWith(
      '/users/42/balances',
      expect.objectContaining({ starsBalance: 110, playBalance: 0 }),
      { stepUpSummary: ['Stars Balance: 10 -> 110', 'Play Balance: 3 -> 0'] },
    );
  });

  it('Save without a reason says Please enter a reason and sends nothing', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('TON Balance'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a reason');
    expect(screen.getByLabelText(REASON).getAttribute('aria-invalid')).toBe('true');
    expect(put).not.toHaveBeenCalled();
  });

  it('a cancelled "Confirm it\'s you" says Confirmation cancelled and keeps the form open', async () => {
    put.mockRejectedValue(
      new ApiError('Confirmation cancelled', {
        status: STEP_UP_STATUS,
        code: STEP_UP_STATUS,
        data: { code: STEP_UP_STATUS, message: 'Confirmation cancelled' },
      }),
    );
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'Correction' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Confirmation cancelled'));
    expect(screen.getByLabelText<HTMLInputElement>(REASON).value).toBe('Correction');
  });

  it('Cancel discards the draft', () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('TON Balance'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(put).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('TON Balance')).toBeNull();
  });

  it('keeps the focus in the form: Edit on the first figure, a missing reason on Reason, Save back on Edit', async () => {
    put.mockResolvedValue({ code: 200, data: user });
    renderCard();
    const edit = screen.getByRole('button', { name: 'Edit' });
    edit.focus();
    fireEvent.click(edit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('TON Balance')));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(REASON)));
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'Correction' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
  });
});
