import type { AdminRequest } from '@manager/contract';
import { ApiError, http, toast, useAuthStore } from '@manager/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { RequestsSection } from './requests-section';

const request = (id: number, over: Partial<AdminRequest>): AdminRequest => ({
  id,
  kind: 'grant',
  admin: { id: 7, username: 'carol' },
  roles: [{ id: 'support', name: 'Support' }],
  requestedBy: { id: 2, username: 'admin2fa' },
  requestedAt: new Date(Date.now() - 60_000).toISOString(),
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  ...over,
});

const theirs = request(1, {});
const mine = request(2, {
  kind: 'enable',
  roles: [],
  admin: { id: 8, username: 'dave' },
  requestedBy: { id: 1, username: 'admin' },
});
const decided = request(3, { status: 'approved', admin: { id: 9, username: 'erin' } });

beforeEach(() => {
  useAuthStore.setState({ admin: { id: 1, username: 'admin' } as never });
  vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: { items: [theirs, mine, decided] } });
});
afterEach(() => vi.restoreAllMocks());

describe('RequestsSection', { timeout: 20_000 }, () => {
  it('lists the pending requests in words; the own one has no buttons but "Requested by you"', async () => {
    renderWithQuery(<RequestsSection />);
    const region = await screen.findByRole('region', { name: 'Awaiting approval' });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Grant Support to carol', 'Enable dave']);
    expect(items[0]!.textContent).toContain('Requested by admin2fa');
    within(items[0]!).getByRole('button', { name: 'Approve: Grant Support to carol' });
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('Requested by you');
  });

  it("approves through the request's call and toasts the API's own refusal", async () => {
    const post = vi.spyOn(http, 'post').mockRejectedValueOnce(
      new ApiError('Conflict', {
        status: 409,
        data: { code: 409, message: 'This request was already decided' },
      }),
    );
    const error = vi.spyOn(toast, 'error');
    renderWithQuery(<RequestsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: Grant Support to carol' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This request was already decided'));
    expect(post).toHaveBeenCalledWith('/admins/requests/1/approve', undefined);
  });
});
