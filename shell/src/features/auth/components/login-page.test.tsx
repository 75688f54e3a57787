import { PASSKEY_MESSAGES, toast, useAuthStore } from '@manager/platform';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';

function renderLogin() {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

const signedOut = { loading: false, isAuthenticated: false, admin: null, twoFactor: null, enrolment: null };

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
  beforeEach(() =>
    useAuthStore.setState({ ...signedOut, twoFactor: { adminId: 1, tempToken: 't', methods: ['totp'] } }),
  );

  it('validates the code with the texts of docs/screens.md', async () => {
    const verifyTwoFactor = vi
      .fn()
      .mockResolvedValue({ status: 'error', message: 'Invalid verification code' });
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

describe('two-factor step with a passkey', () => {
  const initial = useAuthStore.getState();
  afterEach(() => {
    useAuthStore.setState({
      verifyWithPasskey: initial.verifyWithPasskey,
      verifyTwoFactor: initial.verifyTwoFactor,
    });
    vi.restoreAllMocks();
  });

  it('an admin with an authenticator and a passkey is offered both; "Use a passkey" signs in', async () => {
    const success = vi.spyOn(toast, 'success');
    const verifyWithPasskey = vi.fn().mockResolvedValue({ status: 'ok' });
    useAuthStore.setState({
      ...signedOut,
      twoFactor: { adminId: 1, tempToken: 't', methods: ['totp', 'passkey'] },
      verifyWithPasskey,
    });
    renderLogin();
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(verifyWithPasskey).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('2FA verification successful!');
  });

  it('an admin with passkeys only gets no code input; a cancelled prompt shows why and can be tried again', async () => {
    const verifyWithPasskey = vi
      .fn()
      .mockResolvedValueOnce({ status: 'error', message: PASSKEY_MESSAGES.cancelled })
      .mockResolvedValueOnce({ status: 'ok' });
    const verifyTwoFactor = vi.fn();
    useAuthStore.setState({
      ...signedOut,
      twoFactor: { adminId: 1, tempToken: 't', methods: ['passkey'] },
      verifyWithPasskey,
      verifyTwoFactor,
    });
    renderLogin();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a backup code' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PASSKEY_MESSAGES.cancelled);
    // antd's loading icon leaves with a motion happy-dom never ends: the button by its text.
    await userEvent.click(screen.getByText('Use a passkey'));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(verifyTwoFactor).not.toHaveBeenCalled();
  });

  it('an admin with an authenticator only is not offered a passkey', () => {
    useAuthStore.setState({ ...signedOut, twoFactor: { adminId: 1, tempToken: 't', methods: ['totp'] } });
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});

describe('two-factor enrolment step (two-factor required, not set up)', () => {
  // The step's code loads when first shown: the render settles once it has loaded.
  const renderEnrolment = () =>
    act(async () => {
      renderLogin();
    });
  const setup = {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    backupCodes: ['AAAA-1111', 'BBBB-2222'],
    otpauthUrl: 'otpauth://totp/Manager:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  };
  const initial = useAuthStore.getState();
  beforeEach(() => useAuthStore.setState({ ...signedOut, enrolment: { adminId: 1, tempToken: 't' } }));
  afterEach(() => {
    useAuthStore.setState({
      loadEnrolmentSetup: initial.loadEnrolmentSetup,
      confirmEnrolment: initial.confirmEnrolment,
      enrolWithPasskey: initial.enrolWithPasskey,
    });
    vi.restoreAllMocks();
  });

  it('shows the QR code, the secret, the backup codes; checks the code; a refusal shows the message', async () => {
    const loadEnrolmentSetup = vi.fn().mockResolvedValue({ status: 'ok', setup });
    const confirmEnrolment = vi
      .fn()
      .mockResolvedValue({ status: 'error', message: 'Invalid verification code' });
    useAuthStore.setState({ loadEnrolmentSetup, confirmEnrolment });
    await renderEnrolment();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    const secret = await screen.findByRole('textbox', { name: 'Secret key' });
    expect(secret).toHaveProperty('value', setup.secret);
    expect(secret.hasAttribute('readonly')).toBe(true);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    const codes = screen.getByRole('list', { name: 'Backup codes' });
    expect(codes.textContent).toContain('AAAA-1111');
    expect(screen.getByRole('button', { name: 'Copy All Codes' })).toBeTruthy();
    // One setup per enrolment step, even under StrictMode's repeated effects.
    expect(loadEnrolmentSetup).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByText('Please enter a 6-digit code')).toBeTruthy();
    const code = screen.getByLabelText('Verification Code');
    await userEvent.type(code, '12a3-456{Enter}');
    expect(code).toHaveProperty('value', '123456');
    await waitFor(() => expect(confirmEnrolment).toHaveBeenCalledWith(setup.secret, '123456'));
    expect(await screen.findByText('Invalid verification code')).toBeTruthy();
  });

  it('a confirmed enrolment toasts and opens the dashboard', async () => {
    const success = vi.spyOn(toast, 'success');
    useAuthStore.setState({
      loadEnrolmentSetup: vi.fn().mockResolvedValue({ status: 'ok', setup }),
      confirmEnrolment: vi.fn().mockResolvedValue({ status: 'ok' }),
    });
    await renderEnrolment();
    await userEvent.type(await screen.findByLabelText('Verification Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('2FA enabled successfully!');
  });

  it('a setup that fails to load offers Retry and Cancel; Cancel returns to the login form', async () => {
    const loadEnrolmentSetup = vi
      .fn()
      .mockResolvedValueOnce({ status: 'error', message: 'Error setting up 2FA: Network Error' })
      .mockResolvedValueOnce({ status: 'error', message: 'Sign-in has expired. Please sign in again.' });
    useAuthStore.setState({ loadEnrolmentSetup });
    await renderEnrolment();
    expect(await screen.findByText('Error setting up 2FA: Network Error')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sign-in has expired. Please sign in again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(useAuthStore.getState().enrolment).toBeNull();
  });

  it('offers a passkey instead: a name is required, a cancelled prompt shows why, then "Add passkey" signs in', async () => {
    const success = vi.spyOn(toast, 'success');
    const loadEnrolmentSetup = vi.fn().mockResolvedValue({ status: 'ok', setup });
    const enrolWithPasskey = vi
      .fn()
      .mockResolvedValueOnce({ status: 'error', message: PASSKEY_MESSAGES.cancelled })
      .mockResolvedValueOnce({ status: 'ok' });
    useAuthStore.setState({ loadEnrolmentSetup, enrolWithPasskey });
    await renderEnrolment();
    const choice = screen.getByRole('radiogroup', { name: 'Second factor' });
    expect(choice).toBeTruthy();
    await userEvent.click(screen.getByText('Passkey'));
    expect(screen.getByRole('radio', { name: 'Passkey' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: 'Add passkey' }));
    expect(await screen.findByText('Please enter a name for the passkey')).toBeTruthy();
    expect(enrolWithPasskey).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Passkey name'), 'Work laptop{Enter}');
    await waitFor(() => expect(enrolWithPasskey).toHaveBeenCalledWith('Work laptop'));
    expect((await screen.findByRole('alert')).textContent).toContain(PASSKEY_MESSAGES.cancelled);
    await userEvent.type(screen.getByLabelText('Passkey name'), '{Enter}');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Passkey added');
  });
});
