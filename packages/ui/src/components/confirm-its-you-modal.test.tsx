import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { StepUpMethod } from '@manager/contract';
import { ConfirmItsYouHost, ConfirmItsYouModal, type ConfirmItsYouProps } from './confirm-its-you-modal.tsx';

const prompt = (over: Partial<ConfirmItsYouProps> = {}): ConfirmItsYouProps => ({
  open: true,
  methods: ['password'] as StepUpMethod[],
  error: null,
  submitting: false,
  submit: vi.fn(),
  cancel: vi.fn(),
  ...over,
});

describe('ConfirmItsYouModal', () => {
  it('asks an admin without 2FA for the password; Enter sends it', async () => {
    const props = prompt();
    render(<ConfirmItsYouModal {...props} />);
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    const password = screen.getByLabelText('Password');
    expect(dialog.contains(password)).toBe(true);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    fireEvent.change(password, { target: { value: 'admin12345' } });
    fireEvent.submit(password.closest('form')!);
    await waitFor(() =>
      expect(props.submit).toHaveBeenCalledWith({ method: 'password', password: 'admin12345' }),
    );
  });

  it('asks an admin with an authenticator for the code (trimmed); Confirm sends it', async () => {
    const props = prompt({ methods: ['totp'] });
    render(<ConfirmItsYouModal {...props} />);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(props.submit).toHaveBeenCalledWith({ method: 'totp', token: '123456' }));
  });

  it('an empty answer is not sent and says what is missing', async () => {
    const props = prompt({ methods: ['totp', 'passkey'] });
    render(<ConfirmItsYouModal {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter a code')).toBeTruthy();
    expect(props.submit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and Cancel gives up", async () => {
    const props = prompt({ error: 'Invalid password' });
    render(<ConfirmItsYouModal {...props} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid password');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.cancel).toHaveBeenCalledTimes(1);
  });

  it('an admin with a passkey besides the code gets "Use a passkey" too, which asks for the passkey', async () => {
    const props = prompt({ methods: ['totp', 'passkey'] });
    render(<ConfirmItsYouModal {...props} />);
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(props.submit).toHaveBeenCalledWith({ method: 'passkey' });
  });

  it('an admin with passkeys only gets no field and no Confirm: "Use a passkey" is the way', async () => {
    const props = prompt({
      methods: ['passkey'],
      error: 'The passkey request was cancelled or timed out. Try again when you are ready.',
    });
    render(<ConfirmItsYouModal {...props} />);
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog.textContent).toContain('Use your passkey to continue.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain('cancelled or timed out');
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(props.submit).toHaveBeenCalledWith({ method: 'passkey' });
  });

  it('an admin without a passkey is not offered one', async () => {
    render(<ConfirmItsYouModal {...prompt({ methods: ['password'] })} />);
    await screen.findByLabelText('Password');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('renders nothing while closed', () => {
    render(<ConfirmItsYouModal {...prompt({ open: false })} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the host renders the prompt its hook gives', async () => {
    const props = prompt({ methods: ['totp'] });
    const usePrompt = () => props;
    render(<ConfirmItsYouHost usePrompt={usePrompt} />);
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });
});
