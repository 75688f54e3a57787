import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import { cleanup, render, screen } from '@testing-library/react';
import { PERMISSION_NAMES } from '@manager/contract';
import { Can, http, isApiError, useAuthStore, useCan } from '../src';
import { admin, ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
const store = () => useAuthStore.getState();
const tokens = { accessToken: 'acc-1', refreshToken: 'ref-1' };
const finance = {
  admin,
  roles: [{ id: 'finance', name: 'Finance' }],
  permissions: ['dashboard.read', 'users.read', 'users.balances.edit', 'withdrawals.read'],
};
const support = { ...finance, roles: [{ id: 'support', name: 'Support' }], permissions: ['users.read'] };

beforeEach(() => ({ mock } = setup()));
afterEach(() => {
  cleanup();
  mock.restore();
});

function Probe() {
  const canEdit = useCan('users.balances.edit');
  return (
    <>
      <span>edit: {String(canEdit)}</span>
      <Can permission="withdrawals.decide" fallback={<span>no decide</span>}>
        <button>Approve</button>
      </Can>
      <Can permission={['settings.rates', 'users.read']}>
        <span>any of two</span>
      </Can>
    </>
  );
}

describe('the profile snapshot', () => {
  it('a restored session holds the roles and permissions the profile names, and nothing else', async () => {
    storeSession();
    mock.onGet('/auth/profile').reply(200, ok(finance));
    await store().initialize();
    expect(store().roles).toEqual(finance.roles);
    expect([...store().permissions!].sort()).toEqual([...finance.permissions].sort());
    render(<Probe />);
    expect(screen.getByText('edit: true')).toBeTruthy();
    expect(screen.getByText('no decide')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('any of two')).toBeTruthy();
  });

  it('a sign-in reads the profile before the session opens', async () => {
    mock.onPost('/auth/login').reply(200, ok({ requires2FA: false, tokens, admin }));
    mock.onGet('/auth/profile').reply(200, ok(support));
    await expect(store().login('support', 'pw')).resolves.toEqual({ status: 'ok' });
    expect(store().isAuthenticated).toBe(true);
    expect([...store().permissions!]).toEqual(['users.read']);
    expect(mock.history.get!.filter((r) => r.url === '/auth/profile')).toHaveLength(1);
  });

  it('an API that predates roles (no permissions in the profile) lets the console offer everything', async () => {
    storeSession();
    mock.onGet('/auth/profile').reply(200, ok({ admin }));
    await store().initialize();
    expect(store().permissions!.size).toBe(PERMISSION_NAMES.length);
  });

  it('nothing is offered while the profile is unknown', () => {
    useAuthStore.setState({ permissions: null });
    render(<Probe />);
    expect(screen.getByText('edit: false')).toBeTruthy();
    expect(screen.queryByText('any of two')).toBeNull();
  });
});

describe('a role change reaches the open console', () => {
  it('a 403 naming a permission reads the profile once more and the button goes', async () => {
    storeSession();
    mock.onGet('/auth/profile').replyOnce(200, ok(finance));
    await store().initialize();
    render(<Probe />);
    expect(screen.getByText('edit: true')).toBeTruthy();

    mock.onGet('/auth/profile').reply(200, ok(support));
    const denied = { code: 403, message: 'Access denied - insufficient permissions' };
    mock
      .onPut('/manager/users/1/balances')
      .reply(403, { ...denied, data: { permission: 'users.balances.edit' } });
    const error = await http.put('/users/1/balances', {}).catch((e: unknown) => e);
    expect(isApiError(error) && error.message).toBe('Access denied - insufficient permissions');
    await vi.waitFor(() => expect(screen.getByText('edit: false')).toBeTruthy());
    expect(mock.history.get!.filter((r) => r.url === '/auth/profile')).toHaveLength(2);
  });

  it('a 403 without a permission named reads nothing', async () => {
    storeSession();
    mock.onGet('/auth/profile').reply(200, ok(finance));
    await store().initialize();
    mock.onGet('/manager/thing').reply(403, { code: 403, message: 'Forbidden' });
    await http.get('/thing').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mock.history.get!.filter((r) => r.url === '/auth/profile')).toHaveLength(1);
  });
});
