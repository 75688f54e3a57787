import type { AdminSession } from '@manager/contract';
import { ApiError, http, toast } from '@manager/platform';
import { formatDateTime } from '@manager/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { SessionsCard } from './sessions-card';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const here: AdminSession = {
  id: 'a1',
  browser: 'Chrome 131',
  system: 'macOS',
  ip: '10.0.0.1',
  signedInAt: minutesAgo(90),
  lastActiveAt: minutesAgo(0),
  current: true,
};
const phone: AdminSession = {
  id: 'b2',
  browser: 'Mobile Safari 17',
  system: 'iOS 17.4',
  ip: '10.0.0.2',
  signedInAt: minutesAgo(300),
  lastActiveAt: minutesAgo(5),
  current: false,
};
const tablet: AdminSession = {
  id: 'c3',
  browser: 'Firefox 133',
  system: 'Android 14',
  ip: null,
  signedInAt: minutesAgo(600),
  lastActiveAt: minutesAgo(20),
  current: false,
};

afterEach(() => vi.restoreAllMocks());

/** GET /auth/sessions answers each list in turn (the last one from then on). */
function serve(...lists: AdminSession[][]) {
  let call = 0;
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    expect(url).toBe('/auth/sessions');
    const sessions = lists[Math.min(call++, lists.length - 1)];
    return { code: 200, data: { sessions } };
  });
}

const card = () => screen.getByRole('region', { name: 'Sessions' });
const items = async () =>
  within(await screen.findByRole('list', { name: 'Open sessions' })).getAllByRole('listitem');

describe('SessionsCard', { timeout: 20_000 }, () => {
  it('lists browser and system, IP, sign-in and last activity; "This device" on this one, "Sign out" on the others', async () => {
    serve([here, phone, tablet]);
    renderWithQuery(<SessionsCard />);
    const [first, second, third] = await items();
    expect(first!.textContent).toContain('Chrome 131 on macOS');
    expect(within(first!).getByText('This device')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(first!.textContent).toContain('IP 10.0.0.1');
    expect(first!.textContent).toContain(`Signed in ${formatDateTime(here.signedInAt)}`);
    expect(first!.textContent).toContain('Last active just now');
    expect(second!.textContent).toContain('Mobile Safari 17 on iOS 17.4');
    expect(second!.textContent).toContain('Last active 5 minutes ago');
    expect(within(second!).queryByText('This device')).toBeNull();
    expect(third!.textContent).toContain('IP unknown');
    // Each "Sign out" says which session it ends (its description), for a screen reader.
    const buttons = within(card()).getAllByRole('button', { name: 'Sign out' });
    expect(
      buttons.map((b) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent),
    ).toEqual(['Mobile Safari 17 on iOS 17.4', 'Firefox 133 on Android 14']);
    expect(within(card()).getByRole('button', { name: 'Sign out other sessions' })).toBeTruthy();
  });

  it('signs out one session from the keyboard, toasts it and reloads the list', async () => {
    const get = serve([here, phone, tablet], [here, tablet]);
    const remove = vi
      .spyOn(http, 'delete')
      .mockResolvedValue({ code: 200, message: 'Session signed out', data: null });
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<SessionsCard />);
    await items();
    within(card()).getAllByRole('button', { name: 'Sign out' })[0]!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Session signed out'));
    expect(remove).toHaveBeenCalledWith('/auth/sessions/b2');
    await waitFor(() => expect(screen.queryByText('Mobile Safari 17 on iOS 17.4')).toBeNull());
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('signs out the other sessions, says how many, and then offers it no more', async () => {
    serve([here, phone, tablet], [here]);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ code: 200, message: '2 other sessions signed out', data: { ended: 2 } });
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<SessionsCard />);
    await items();
    await userEvent.click(within(card()).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 other sessions signed out'));
    expect(post).toHaveBeenCalledWith('/auth/sessions/end-others');
    await waitFor(() =>
      expect(within(card()).queryByRole('button', { name: 'Sign out other sessions' })).toBeNull(),
    );
    expect(await items()).toHaveLength(1);
  });

  it('toasts why a sign-out failed, and reloads the list anyway', async () => {
    const get = serve([here, phone], [here]);
    vi.spyOn(http, 'delete').mockRejectedValue(
      new ApiError('Session not found', { status: 404, data: { code: 404, message: 'Session not found' } }),
    );
    const error = vi.spyOn(toast, 'error');
    renderWithQuery(<SessionsCard />);
    await items();
    await userEvent.click(within(card()).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to sign out the session: Session not found'),
    );
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('shows a failed load with Retry', async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValueOnce(new ApiError('boom', { status: 500 }));
    get.mockResolvedValue({ code: 200, data: { sessions: [here] } });
    renderWithQuery(<SessionsCard />);
    expect(await screen.findByText('Failed to load sessions')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('This device')).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: 'Sign out other sessions' })).toBeNull();
  });
});
