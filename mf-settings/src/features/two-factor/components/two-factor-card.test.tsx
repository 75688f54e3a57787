import { ApiError, http, toast, useAuthStore } from '@manager/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { TwoFactorCard } from './two-factor-card';

const admin = { id: 1, username: 'admin', email: null, twoFactorEnabled: false };
const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', backupCodes: ['AAAA-1111', 'BBBB-2222'] };

beforeEach(() => useAuthStore.setState({ isAuthenticated: true, loading: false, admin }));
afterEach(() => vi.restoreAllMocks());

const dialog = () => screen.getByRole('dialog');

describe('TwoFactorCard', { timeout: 20_000 }, () => {
  it('disabled: setup shows the QR and secret, checks the code, enables and updates the shared store', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: setup });
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ code: 200, data: { admin: { ...admin, twoFactorEnabled: true } } });
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<TwoFactorCard />);
    expect(screen.getByText('Disabled')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const secret = await within(dialog()).findByRole('textbox', { name: 'Secret key' });
    expect(secret).toHaveProperty('value', setup.secret);
    expect(secret.hasAttribute('readonly')).toBe(true);
    expect(within(dialog()).getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Show Backup Codes' }));
    expect(within(dialog()).getByText('AAAA-1111')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Copy All Codes' })).toBeTruthy();

    const code = within(dialog()).getByLabelText('Verification Code');
    expect(code.getAttribute('placeholder')).toBe('000000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enable 2FA' }));
    expect(await within(dialog()).findByText('Please enter a 6-digit code')).toBeTruthy();
    expect(within(dialog()).getByText('Please enter your password')).toBeTruthy();
    await userEvent.type(code, '12a3-4567');
    expect(code).toHaveProperty('value', '123456');
    await userEvent.type(within(dialog()).getByLabelText('Password'), 'admin12345');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enable 2FA' }));

    expect(await within(dialog()).findByText('2FA Enabled Successfully')).toBeTruthy();
    expect(within(dialog()).getByText('Enhanced Security Active')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/auth/2fa/enable', {
      secret: setup.secret,
      token: '123456',
      backupCodes: setup.backupCodes,
      password: 'admin12345',
    });
    expect(success).toHaveBeenCalledWith('2FA enabled successfully!');
    expect(useAuthStore.getState().admin?.twoFactorEnabled).toBe(true);
    expect(screen.getByText('Enabled')).toBeTruthy();
  });

  it.each(['Invalid verification code', 'Invalid password'])(
    'a refusal toasts the server message (%s) and stays on step 1',
    async (message) => {
      vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: setup });
      vi.spyOn(http, 'post').mockRejectedValue(
        new ApiError(message, { status: 400, data: { code: 400, message } }),
      );
      const error = vi.spyOn(toast, 'error');
      renderWithQuery(<TwoFactorCard />);
      await userEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
      await userEvent.type(await within(dialog()).findByLabelText('Verification Code'), '000000');
      await userEvent.type(within(dialog()).getByLabelText('Password'), 'not-the-password');
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Enable 2FA' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith(message));
      expect(within(dialog()).getByLabelText('Verification Code')).toBeTruthy();
      expect(useAuthStore.getState().admin?.twoFactorEnabled).toBe(false);
    },
  );

  it('a failed setup load shows the error box with Retry and Cancel', async () => {
    const answers: (() => Promise<unknown>)[] = [
      () => Promise.reject(new ApiError('Network Error')),
      () => Promise.resolve({ code: 500, message: '' }),
    ];
    vi.spyOn(http, 'get').mockImplementation((url: string) =>
      url === '/auth/passkeys' ? Promise.resolve({ code: 200, data: { passkeys: [] } }) : answers.shift()!(),
    );
    renderWithQuery(<TwoFactorCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await within(dialog()).findByText('Error setting up 2FA: Network Error')).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog()).findByText('Failed to initialize 2FA setup')).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an admin whose second factor is a passkey is shown as protected, and can still add the authenticator app', async () => {
    const passkeys = [{ id: 3, name: 'Laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null }];
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: { passkeys } });
    renderWithQuery(<TwoFactorCard />);
    expect(
      await screen.findByText('Your account is protected: sign-in asks for one of your passkeys.'),
    ).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.queryByText('Two-factor authentication is off.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable 2FA' })).toBeTruthy();
  });

  it('enabled: disable checks password and code, then turns the badge to Disabled', async () => {
    useAuthStore.setState({ admin: { ...admin, twoFactorEnabled: true } });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ code: 200, data: { admin } });
    renderWithQuery(<TwoFactorCard />);
    expect(screen.getByText('Enabled')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    const submit = within(dialog()).getByRole('button', { name: 'Disable 2FA' });
    await userEvent.click(submit);
    expect(await within(dialog()).findByText('Please enter your password')).toBeTruthy();
    expect(within(dialog()).getByText('Please enter your 2FA code')).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText('2FA Code'), '123');
    await userEvent.click(submit);
    expect(await within(dialog()).findByText('2FA code must be 6 digits')).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText('Password'), 'admin12345');
    await userEvent.type(within(dialog()).getByLabelText('2FA Code'), '456');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/auth/2fa/disable', {
        password: 'admin12345',
        twoFactorCode: '123456',
      }),
    );
    expect(await screen.findByText('Disabled')).toBeTruthy();
  });

  it('enabled: regenerate asks the password and a code, and shows the new codes with copy and close', async () => {
    useAuthStore.setState({ admin: { ...admin, twoFactorEnabled: true } });
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ code: 200, data: { backupCodes: ['NEW1-CODE', 'NEW2-CODE'] } });
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<TwoFactorCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate Backup Codes' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Regenerate' }));
    expect(await within(dialog()).findByText('Please enter your password')).toBeTruthy();
    expect(within(dialog()).getByText('Please enter your 2FA code')).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText('2FA Code'), '12');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Regenerate' }));
    expect(await within(dialog()).findByText('2FA code must be 6 digits')).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText('Password'), 'admin12345');
    await userEvent.type(within(dialog()).getByLabelText('2FA Code'), '3a456');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Regenerate' }));
    expect(await within(dialog()).findByText('NEW1-CODE')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/auth/2fa/backup-codes', {
      password: 'admin12345',
      twoFactorCode: '123456',
    });
    expect(success).toHaveBeenCalledWith('Backup codes regenerated successfully');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('enabled: a refused regenerate toasts the server message and keeps the form', async () => {
    useAuthStore.setState({ admin: { ...admin, twoFactorEnabled: true } });
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('Invalid verification code', {
        status: 400,
        data: { code: 400, message: 'Invalid verification code' },
      }),
    );
    const error = vi.spyOn(toast, 'error');
    renderWithQuery(<TwoFactorCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate Backup Codes' }));
    await userEvent.type(within(dialog()).getByLabelText('Password'), 'admin12345');
    await userEvent.type(within(dialog()).getByLabelText('2FA Code'), '000000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Invalid verification code'));
    expect(within(dialog()).getByLabelText('2FA Code')).toBeTruthy();
  });

  it('holds the passkeys: "Add passkey" and the list are in the two-factor section', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      code: 200,
      data: { passkeys: [{ id: 1, name: 'YubiKey', createdAt: new Date().toISOString(), lastUsedAt: null }] },
    });
    renderWithQuery(<TwoFactorCard />);
    const card = screen.getByRole('region', { name: 'Two-Factor Authentication' });
    const passkeys = within(card).getByRole('region', { name: 'Passkeys' });
    expect(within(passkeys).getByRole('button', { name: 'Add passkey' })).toBeTruthy();
    expect((await within(passkeys).findByRole('list', { name: 'Passkeys' })).textContent).toContain(
      'YubiKey',
    );
  });
});
