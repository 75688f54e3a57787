import { useAuthStore } from '@manager/platform';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<p>dashboard page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const signedOut = { loading: false, isAuthenticated: false, admin: null, twoFactor: null };

describe('LoginPage', () => {
  beforeEach(() => useAuthStore.setState(signedOut));

  it('shows Loading... while the session loads', () => {
    useAuthStore.setState({ loading: true });
    renderLogin();
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('requires both fields and does not call login', async () => {
    const login = vi.fn();
    useAuthStore.setState({ login });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your username or email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the server message in an alert when sign-in fails', async () => {
    const login = vi.fn().mockResolvedValue({ status: 'error', message: 'Invalid credentials' });
    useAuthStore.setState({ login });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or Email'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid credentials');
    expect(login).toHaveBeenCalledWith('admin', 'nope');
  });

  it('goes to the dashboard after a successful sign-in', async () => {
    useAuthStore.setState({ login: vi.fn().mockResolvedValue({ status: 'ok' }) });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or Email'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('sends an authenticated admin straight to the dashboard', () => {
    useAuthStore.setState({ isAuthenticated: true });
    renderLogin();
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });
});

describe('two-factor step', () => {
  beforeEach(() => useAuthStore.setState({ ...signedOut, twoFactor: { adminId: 1, tempToken: 't' } }));

  it('validates the code with the texts of docs/screens.md', async () => {
    const verifyTwoFactor = vi.fn().mockResolvedValue({ status: 'error', message: 'Invalid verification code' });
    useAuthStore.setState({ verifyTwoFactor });
    renderLogin();
    const verify = screen.getByRole('button', { name: 'Verify' });
    await userEvent.click(verify);
    expect(await screen.findByText('Please enter a code')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123');
    await userEvent.click(verify);
    expect(await screen.findByText('Please enter a 6-digit code')).toBeTruthy();
    expect(verifyTwoFactor).not.toHaveBeenCalled();

    // Backup mode: max 9 characters and no 6-digit rule; Enter submits.
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
    const backup = screen.getByLabelText('Backup code');
    expect(backup.getAttribute('maxlength')).toBe('9');
    await userEvent.type(backup, 'ABCD-EFGH{Enter}');
    await waitFor(() => expect(verifyTwoFactor).toHaveBeenCalledWith('ABCD-EFGH'));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid verification code');
  });

  it('Cancel returns to the login form', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
