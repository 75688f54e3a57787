import type { Mailing } from '@manager/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MailingDetailsModal } from './mailing-details-modal';

const base: Mailing = {
  id: 1,
  message: 'Season two',
  buttonText: 'Play',
  buttonLink: 'https://t.me/x',
  mediaLink: null,
  recipients: 5000,
  status: 'running',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('MailingDetailsModal', () => {
  it('shows the delivery progress the API reports: delivered / recipients and failures', () => {
    render(
      <MailingDetailsModal mailing={{ ...base, delivered: 1200, failed: 3 }} onClose={() => undefined} />,
    );
    expect(screen.getByText('1200 / 5000')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
  });

  it('an API that reports no progress (the spec leaves it out): no Delivered row, every other field', () => {
    render(<MailingDetailsModal mailing={base} onClose={() => undefined} />);
    expect(screen.queryByText('Delivered')).toBeNull();
    expect(screen.getByText('Season two')).toBeTruthy();
  });
});
