import * as games from '../schemas/games.ts';
import * as users from '../schemas/users.ts';
import * as market from '../schemas/marketplace.ts';
import * as shop from '../schemas/shop.ts';
import * as wd from '../schemas/withdrawals.ts';
import * as pay from '../schemas/payments.ts';
import * as inv from '../schemas/inventory.ts';
import { call, GET } from './call.ts';

/** CSV exports of the lists. Part of `calls` (../calls.ts). */
export const exportCalls = {
  // CSV exports of the lists (schemas/exports.ts): text/csv, no envelope. Each is a bulk copy of
  // players' data (Telegram ids and names in every list; wallets, balances, countries in some),
  // so each needs a fresh step-up.
  exportUsers: call({
    method: GET,
    permission: 'exports.run',
    path: '/users/export',
    stepUp: 'always',
    query: users.usersExportQuerySchema,
  }),
  exportGameHistory: call({
    method: GET,
    permission: 'exports.run',
    path: '/game/history/export',
    stepUp: 'always',
    query: games.gameHistoryExportQuerySchema,
  }),
  exportWithdrawals: call({
    method: GET,
    permission: 'exports.run',
    path: '/withdrawals/export',
    stepUp: 'always',
    query: wd.withdrawalsExportQuerySchema,
  }),
  exportTonPayments: call({
    method: GET,
    permission: 'exports.run',
    path: '/transactions/ton-payments/export',
    stepUp: 'always',
    query: pay.paymentsExportQuerySchema,
  }),
  exportStarsPayments: call({
    method: GET,
    permission: 'exports.run',
    path: '/transactions/stars-payments/export',
    stepUp: 'always',
    query: pay.paymentsExportQuerySchema,
  }),
  exportInventory: call({
    method: GET,
    permission: 'exports.run',
    path: '/transactions/inventory/export',
    stepUp: 'always',
    query: inv.inventoryExportQuerySchema,
  }),
  exportMarketplaceOrders: call({
    method: GET,
    permission: 'exports.run',
    path: '/marketplace/orders/export',
    stepUp: 'always',
    query: market.marketplaceOrdersExportQuerySchema,
  }),
  exportShopOrders: call({
    method: GET,
    permission: 'exports.run',
    path: '/shop-orders/export',
    stepUp: 'always',
    query: shop.shopOrdersExportQuerySchema,
  }),
} as const;
