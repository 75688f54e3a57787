import { refreshOn, resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  withdrawals: resource('withdrawals'),
  payments: resource('payments'),
  inventory: resource('inventory'),
} as const;

// The events that refresh this remote's lists in every open console (docs/decisions/0027).
refreshOn('withdrawal', keys.withdrawals);
refreshOn('payment', keys.payments);
