import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RevealValue } from './reveal-value.tsx';

const WHOLE = 'UQCmaskedwalletforpiitests0000000000000000000042';

describe('RevealValue', () => {
  it('shows the masked value with no Reveal when the admin may not reveal', () => {
    render(<RevealValue masked="UQCm…0042" label="wallet" />);
    expect(screen.getByText('UQCm…0042')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reveal/ })).toBeNull();
  });

  it('shows the whole value in place once Reveal answers, with Copy', async () => {
    const reveal = vi.fn().mockResolvedValue({ value: WHOLE, link: null });
    render(<RevealValue masked="UQCm…0042" label="wallet" reveal={reveal} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal wallet' }));
    expect(await screen.findByText(WHOLE)).toBeTruthy();
    expect(reveal).toHaveBeenCalledOnce();
    expect(screen.queryByText('UQCm…0042')).toBeNull();
    expect(await screen.findByRole('button', { name: /Copy/ })).toBeTruthy();
  });

  it('links a revealed transaction id to its explorer page', async () => {
    const link = `https://tonviewer.com/transaction/${WHOLE}`;
    render(
      <RevealValue masked="UQCm…0042" label="transaction id" reveal={async () => ({ value: WHOLE, link })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reveal transaction id' }));
    expect((await screen.findByRole('link', { name: WHOLE })).getAttribute('href')).toBe(link);
  });

  it('says why a reveal failed and keeps the value masked', async () => {
    const reveal = vi
      .fn()
      .mockRejectedValue(new Error('Reveal failed: Access denied - insufficient permissions'));
    render(<RevealValue masked="UQCm…0042" label="wallet" reveal={reveal} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal wallet' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Access denied');
    expect(screen.getByText('UQCm…0042')).toBeTruthy();
  });

  it('shows - when there is no value', () => {
    render(<RevealValue masked={null} label="wallet" reveal={vi.fn()} />);
    expect(screen.getByText('-')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
