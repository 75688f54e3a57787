import { useAuthStore, type RemoteRoute } from '@manager/platform';
import { openStepUpPrompt } from '@manager/platform/testing';
import { loadAntdOnDemand } from '@manager/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HarnessApp } from './harness-app.tsx';

const routes: RemoteRoute[] = [
  { path: '/things/list', title: 'Things', Component: () => <h1>Things page</h1> },
  { path: '/things/detail/:id', title: 'Thing', Component: () => <h1>Thing page</h1> },
];

describe('HarnessApp', () => {
  beforeAll(() => loadAntdOnDemand());
  afterEach(cleanup);

  it('asks a signed-out visitor to sign in', async () => {
    useAuthStore.setState({ loading: false, isAuthenticated: false, admin: null, twoFactor: null });
    render(<HarnessApp routes={routes} />);
    expect(await screen.findByText('Harness sign-in')).toBeTruthy();
    expect(screen.getByLabelText('Username or Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows a signed-in admin a link per page without parameters, and the page at its path', async () => {
    useAuthStore.setState({
      loading: false,
      isAuthenticated: true,
      admin: { id: 1, username: 'admin', twoFactorEnabled: false },
    });
    window.history.replaceState(null, '', '/things/list');
    render(<HarnessApp routes={routes} />);
    expect(await screen.findByRole('heading', { name: 'Things page' })).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Things']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('hosts the "Confirm it\'s you" prompt a guarded call opens', async () => {
    useAuthStore.setState({
      loading: false,
      isAuthenticated: true,
      admin: { id: 1, username: 'admin', twoFactorEnabled: false },
    });
    window.history.replaceState(null, '', '/things/list');
    render(<HarnessApp routes={routes} />);
    let settled: Promise<void> = Promise.resolve();
    act(() => {
      settled = openStepUpPrompt(['password']);
    });
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(settled).rejects.toThrow('Confirmation cancelled');
  });
});
