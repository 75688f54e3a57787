import * as wd from '../schemas/withdrawals.ts';
import * as pay from '../schemas/payments.ts';
import * as inv from '../schemas/inventory.ts';
import * as pii from '../schemas/pii.ts';
import { call, GET, POST } from './call.ts';

/** Withdrawals, payments, inventory and the reveal of a masked value. Part of `calls` (../calls.ts). */
export const transactionCalls = {
  // transactions
  withdrawals: call({
    method: GET,
    permission: 'withdrawals.read',
    path: '/withdrawals',
    query: wd.withdrawalsQuerySchema,
    response: wd.withdrawalsResponseSchema,
  }),
  withdrawWithTransfer: call({
    method: POST,
    permission: 'withdrawals.decide',
    path: '/withdrawals/with-transfer',
    stepUp: 'always',
    body: wd.withdrawalActionRequestSchema,
    response: wd.withdrawalActionResponseSchema,
  }),
  withdrawWithoutTransfer: call({
    method: POST,
    permission: 'withdrawals.decide',
    path: '/withdrawals/without-transfer',
    stepUp: 'always',
    body: wd.withdrawalActionRequestSchema,
    response: wd.withdrawalActionResponseSchema,
  }),
  rejectWithdrawal: call({
    method: POST,
    permission: 'withdrawals.decide',
    path: '/withdrawals/reject',
    stepUp: 'always',
    body: wd.withdrawalActionRequestSchema,
    response: wd.withdrawalActionResponseSchema,
  }),
  decideWithdrawals: call({
    method: POST,
    permission: 'withdrawals.decide',
    path: '/withdrawals/batch',
    stepUp: 'always',
    body: wd.withdrawalBatchRequestSchema,
    response: wd.withdrawalBatchResponseSchema,
  }),
  tonPayments: call({
    method: GET,
    permission: 'deposits.read',
    path: '/transactions/ton-payments',
    query: pay.paymentsQuerySchema,
    response: pay.tonPaymentsResponseSchema,
  }),
  starsPayments: call({
    method: GET,
    permission: 'deposits.read',
    path: '/transactions/stars-payments',
    query: pay.paymentsQuerySchema,
    response: pay.starsPaymentsResponseSchema,
  }),
  // One masked value shown whole (schemas/pii.ts), audited.
  revealPii: call({
    method: POST,
    permission: 'pii.reveal',
    path: '/pii/reveal',
    body: pii.piiRevealRequestSchema,
    response: pii.piiRevealResponseSchema,
  }),
  inventory: call({
    method: GET,
    permission: 'inventory.read',
    path: '/transactions/inventory',
    query: inv.inventoryQuerySchema,
    response: inv.inventoryResponseSchema,
  }),
} as const;
