import { BUILT_IN_ROLES, type Permission } from '@manager/contract';
import { MemoryRouter, Route, Routes, useAuthStore } from '@manager/platform';
import { grantPermissions } from '@manager/platform/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequirePermission } from './require-permission';

function renderAt(url: string, permission?: Permission) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <RequirePermission permission={permission}>
              <p>the page</p>
            </RequirePermission>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequirePermission', () => {
  it('shows "Access denied" naming the missing permission and what it allows, with a way home', () => {
    grantPermissions(BUILT_IN_ROLES.support.permissions);
    renderAt('/settings');
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    expect(screen.getByText('settings.read')).toBeTruthy();
    expect(screen.getByText(/See the global settings/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    // The dashboard is open to Support: the page draws.
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it("covers a deep route by its area's permission: a player's page needs users.read", () => {
    grantPermissions(BUILT_IN_ROLES.content.permissions);
    renderAt('/users/detail/123');
    expect(screen.getByText('users.read')).toBeTruthy();
  });

  it('draws the page for an admin holding the permission', () => {
    grantPermissions(BUILT_IN_ROLES.finance.permissions);
    renderAt('/transactions/withdrawals');
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('guards an area from outside the console by the permission its release states', () => {
    grantPermissions(BUILT_IN_ROLES.content.permissions);
    const denied = renderAt('/outside/balances', 'withdrawals.read');
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText('withdrawals.read')).toBeTruthy();
    denied.unmount();
    grantPermissions(BUILT_IN_ROLES.finance.permissions);
    renderAt('/outside/balances', 'withdrawals.read');
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it("opens the admin's own security for every role, even one holding nothing", () => {
    grantPermissions([]);
    renderAt('/settings/security');
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('while the profile is unknown it shows Loading... and reads it again, never a denial', () => {
    const refreshProfile = vi.fn(() => Promise.resolve());
    useAuthStore.setState({ permissions: null, refreshProfile });
    renderAt('/users/list');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('Access denied')).toBeNull();
    expect(refreshProfile).toHaveBeenCalledOnce();
  });
});
