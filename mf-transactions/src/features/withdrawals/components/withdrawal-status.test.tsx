import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '@manager/contract';
import { formatDateTime } from '@manager/ui';
import { WithdrawalStatus } from './withdrawal-item';

const base: Withdrawal = {
  id: 7,
  user: { username: 'player' },
  telegramId: 101,
  currency: 'TON',
  price: 1.5,
  wallet: null,
  inventory: null,
  inventoryId: null,
  status: false,
  createdAt: '2026-11-29T10:00:00.000Z',
};
const at = '2026-11-29T14:02:00.000Z';

describe('WithdrawalStatus', () => {
  it('an approved row says Completed and who approved it, when', () => {
    render(
      <WithdrawalStatus
        withdrawal={{
          ...base,
          status: true,
          approval: { adminId: 2, adminUsername: 'finance', action: 'without-transfer', at },
        }}
      />,
    );
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText(`Approved by finance, ${formatDateTime(at)}`)).toBeTruthy();
  });

  it('a rejected row says who rejected it, when; an admin since deleted is named by id', () => {
    render(
      <WithdrawalStatus
        withdrawal={{ ...base, rejected: true, rejection: { adminId: 9, adminUsername: null, at } }}
      />,
    );
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText(`Rejected by admin #9, ${formatDateTime(at)}`)).toBeTruthy();
  });

  it('a pending row names nobody', () => {
    render(<WithdrawalStatus withdrawal={base} />);
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.queryByText(/ by /)).toBeNull();
  });
});
