import { resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  withdrawals: resource('withdrawals'),
  payments: resource('payments'),
  inventory: resource('inventory'),
} as const;
