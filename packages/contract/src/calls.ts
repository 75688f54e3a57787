import type { z } from 'zod';
import * as auth from './schemas/auth';
import * as stats from './schemas/stats';
import * as games from './schemas/games';
import * as users from './schemas/users';
import * as tasks from './schemas/tasks';
import * as market from './schemas/marketplace';
import * as shop from './schemas/shop';
import * as gifts from './schemas/gifts';
import * as boxes from './schemas/loot-boxes';
import * as wd from './schemas/withdrawals';
import * as pay from './schemas/payments';
import * as inv from './schemas/inventory';
import * as mail from './schemas/mailing';
import * as tour from './schemas/tournaments';
import * as give from './schemas/giveaways';
import * as settings from './schemas/settings';
import * as audit from './schemas/audit';
import * as stepUp from './schemas/step-up';
import * as pk from './schemas/passkeys';
import { idParamSchema, telegramIdParamSchema } from './schemas/common';
import { SELF, type CallPermission } from './permissions';

/**
 * Every call of the API (`docs/api.md`): method, path and the schemas of its querystring, body
 * (JSON, or the text fields of a multipart body) and the `data` of its answer. Paths are as
 * the client writes them; the client prefixes `/manager` to those not under `/auth` or
 * `/manager`, and the server mounts them where `apiPath` says. `response` is absent when
 * the call answers nothing beyond `code`/`message`.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface CallSpec {
  readonly method: Method;
  /** `:name` marks a path parameter. */
  readonly path: string;
  readonly multipart?: boolean;
  /** false: no bearer token needed. */
  readonly auth?: false;
  /** What the admin must hold (`permissions.ts`); SELF: any signed-in admin, about themself. */
  readonly permission?: CallPermission;
  /**
   * The call needs a fresh step-up (`schemas/step-up.ts`), else it answers STEP_UP_STATUS:
   * `always`, or `conditional` when only some changes need one (the handler decides).
   */
  readonly stepUp?: 'always' | 'conditional';
  /** The path parameters (an object of every `:name`), as the server parses them. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
}
const call = <const C extends CallSpec>(c: C) => c;
const GET = 'GET',
  POST = 'POST',
  PUT = 'PUT',
  PATCH = 'PATCH',
  DELETE = 'DELETE';

export const calls = {
  // authentication
  login: call({
    method: POST,
    path: '/auth/login',
    auth: false,
    body: auth.loginRequestSchema,
    response: auth.loginResponseSchema,
  }),
  verify2fa: call({
    method: POST,
    path: '/auth/2fa/verify',
    auth: false,
    body: auth.verify2faRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  profile: call({
    method: GET,
    permission: SELF,
    path: '/auth/profile',
    response: auth.profileResponseSchema,
  }),
  refreshToken: call({
    method: POST,
    path: '/auth/refresh-token',
    auth: false,
    body: auth.refreshTokenRequestSchema,
    response: auth.refreshTokenResponseSchema,
  }),
  logout: call({ method: POST, permission: SELF, path: '/auth/logout' }),
  enrol2faSetup: call({
    method: POST,
    path: '/auth/2fa/enrol/setup',
    auth: false,
    body: auth.enrol2faSetupRequestSchema,
    response: auth.twoFactorSetupResponseSchema,
  }),
  enrol2fa: call({
    method: POST,
    path: '/auth/2fa/enrol',
    auth: false,
    body: auth.enrol2faRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  twoFactorSetup: call({
    method: GET,
    permission: SELF,
    path: '/auth/2fa/setup',
    response: auth.twoFactorSetupResponseSchema,
  }),
  enable2fa: call({
    method: POST,
    permission: SELF,
    path: '/auth/2fa/enable',
    body: auth.enable2faRequestSchema,
  }),
  disable2fa: call({
    method: POST,
    permission: SELF,
    path: '/auth/2fa/disable',
    body: auth.disable2faRequestSchema,
  }),
  backupCodes: call({
    method: POST,
    permission: SELF,
    path: '/auth/2fa/backup-codes',
    body: auth.backupCodesRequestSchema,
    response: auth.backupCodesResponseSchema,
  }),
  sessions: call({
    method: GET,
    permission: SELF,
    path: '/auth/sessions',
    response: auth.sessionsResponseSchema,
  }),
  endSession: call({
    method: DELETE,
    permission: SELF,
    path: '/auth/sessions/:id',
    params: auth.sessionIdParamSchema,
  }),
  endOtherSessions: call({
    method: POST,
    permission: SELF,
    path: '/auth/sessions/end-others',
    response: auth.endOtherSessionsResponseSchema,
  }),
  // step-up (a fresh second factor before money moves) and passkeys
  stepUpStatus: call({
    method: GET,
    permission: SELF,
    path: '/auth/step-up',
    response: stepUp.stepUpStatusResponseSchema,
  }),
  stepUp: call({
    method: POST,
    permission: SELF,
    path: '/auth/step-up',
    body: stepUp.stepUpRequestSchema,
    response: stepUp.stepUpResponseSchema,
  }),
  stepUpPasskeyOptions: call({
    method: POST,
    permission: SELF,
    path: '/auth/step-up/passkey/options',
    response: pk.passkeyOptionsSchema,
  }),
  stepUpPasskey: call({
    method: POST,
    permission: SELF,
    path: '/auth/step-up/passkey',
    body: pk.stepUpPasskeyRequestSchema,
    response: stepUp.stepUpResponseSchema,
  }),
  passkeys: call({
    method: GET,
    permission: SELF,
    path: '/auth/passkeys',
    response: pk.passkeysResponseSchema,
  }),
  passkeyRegistrationOptions: call({
    method: POST,
    permission: SELF,
    path: '/auth/passkeys/options',
    stepUp: 'always',
    response: pk.passkeyOptionsSchema,
  }),
  addPasskey: call({
    method: POST,
    permission: SELF,
    path: '/auth/passkeys',
    stepUp: 'always',
    body: pk.addPasskeyRequestSchema,
    response: pk.passkeySchema,
  }),
  removePasskey: call({
    method: DELETE,
    permission: SELF,
    path: '/auth/passkeys/:id',
    params: pk.passkeyIdParamSchema,
    stepUp: 'always',
  }),
  signInPasskeyOptions: call({
    method: POST,
    path: '/auth/2fa/passkey/options',
    auth: false,
    body: pk.signInPasskeyOptionsRequestSchema,
    response: pk.passkeyOptionsSchema,
  }),
  verifyPasskey: call({
    method: POST,
    path: '/auth/2fa/passkey',
    auth: false,
    body: pk.verifyPasskeyRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  enrolPasskeyOptions: call({
    method: POST,
    path: '/auth/2fa/enrol/passkey/options',
    auth: false,
    body: pk.signInPasskeyOptionsRequestSchema,
    response: pk.passkeyOptionsSchema,
  }),
  enrolPasskey: call({
    method: POST,
    path: '/auth/2fa/enrol/passkey',
    auth: false,
    body: pk.enrolPasskeyRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  // statistics, users, games
  metrics: call({
    method: GET,
    permission: 'dashboard.read',
    path: '/metrics',
    response: stats.metricsResponseSchema,
  }),
  dashboardStats: call({
    method: GET,
    permission: 'dashboard.read',
    path: '/dashboard-stats',
    response: stats.dashboardStatsResponseSchema,
  }),
  gameHistory: call({
    method: GET,
    permission: 'games.read',
    path: '/game/history',
    query: games.gameHistoryQuerySchema,
    response: games.gameHistoryResponseSchema,
  }),
  users: call({
    method: GET,
    permission: 'users.read',
    path: '/users',
    query: users.usersQuerySchema,
    response: users.usersResponseSchema,
  }),
  userDetail: call({
    method: GET,
    permission: 'users.read',
    path: '/users/:telegramId',
    params: telegramIdParamSchema,
    response: users.userDetailResponseSchema,
  }),
  updateBalances: call({
    method: PUT,
    permission: 'users.balances.edit',
    path: '/users/:telegramId/balances',
    params: telegramIdParamSchema,
    stepUp: 'always',
    body: users.updateBalancesRequestSchema,
    response: users.updateBalancesResponseSchema,
  }),
  leaderboard: call({
    method: POST,
    permission: 'leaderboards.read',
    path: '/leaderboard',
    body: users.leaderboardRequestSchema,
    response: users.leaderboardResponseSchema,
  }),
  // tasks (the status toggle sends the same fields as JSON)
  tasks: call({
    method: GET,
    permission: 'tasks.read',
    path: '/tasks',
    query: tasks.tasksQuerySchema,
    response: tasks.tasksResponseSchema,
  }),
  createTask: call({
    method: POST,
    permission: 'tasks.manage',
    path: '/tasks',
    stepUp: 'always',
    multipart: true,
    body: tasks.createTaskBodySchema,
    response: tasks.taskResponseSchema,
  }),
  updateTask: call({
    method: PUT,
    permission: 'tasks.manage',
    path: '/tasks/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: tasks.updateTaskBodySchema,
    response: tasks.taskResponseSchema,
  }),
  deleteTask: call({ method: DELETE, permission: 'tasks.manage', path: '/tasks/:id', params: idParamSchema }),
  // marketplace and shop
  marketplace: call({
    method: GET,
    permission: 'marketplace.read',
    path: '/marketplace',
    query: market.marketplaceQuerySchema,
    response: market.marketplaceResponseSchema,
  }),
  marketplaceOrders: call({
    method: GET,
    permission: 'marketplace.read',
    path: '/marketplace/orders',
    query: market.marketplaceOrdersQuerySchema,
    response: market.marketplaceOrdersResponseSchema,
  }),
  shopItems: call({
    method: GET,
    permission: 'shop.read',
    path: '/shop-items',
    query: shop.shopItemsQuerySchema,
    response: shop.shopItemsResponseSchema,
  }),
  createShopItem: call({
    method: POST,
    permission: 'shop.manage',
    path: '/shop-items',
    stepUp: 'always',
    multipart: true,
    body: shop.createShopItemBodySchema,
    response: shop.shopItemResponseSchema,
  }),
  updateShopItem: call({
    method: PUT,
    permission: 'shop.manage',
    path: '/shop-items/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: shop.updateShopItemBodySchema,
    response: shop.shopItemResponseSchema,
  }),
  deleteShopItem: call({
    method: DELETE,
    permission: 'shop.manage',
    path: '/shop-items/:id',
    params: idParamSchema,
  }),
  shopOrders: call({
    method: GET,
    permission: 'shop.read',
    path: '/shop-orders',
    query: shop.shopOrdersQuerySchema,
    response: shop.shopOrdersResponseSchema,
  }),
  // gifts and loot boxes
  inventoryGifts: call({
    method: GET,
    permission: 'gifts.read',
    path: '/giveaways/inventory-gifts',
    query: gifts.inventoryGiftsQuerySchema,
    response: gifts.inventoryGiftsResponseSchema,
  }),
  starsGifts: call({
    method: GET,
    permission: 'gifts.read',
    path: '/giveaways/stars-gifts',
    response: gifts.starsGiftsResponseSchema,
  }),
  lootBoxes: call({
    method: GET,
    permission: 'lootboxes.read',
    path: '/loot-boxes',
    query: boxes.lootBoxesQuerySchema,
    response: boxes.lootBoxesResponseSchema,
  }),
  createLootBox: call({
    method: POST,
    permission: 'lootboxes.manage',
    path: '/loot-boxes',
    stepUp: 'always',
    multipart: true,
    body: boxes.lootBoxBodySchema,
    response: boxes.lootBoxResponseSchema,
  }),
  updateLootBox: call({
    method: PUT,
    permission: 'lootboxes.manage',
    path: '/loot-boxes/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: boxes.lootBoxBodySchema,
    response: boxes.lootBoxResponseSchema,
  }),
  toggleLootBox: call({
    method: PATCH,
    permission: 'lootboxes.manage',
    path: '/loot-boxes/:id/toggle-status',
    params: idParamSchema,
    response: boxes.lootBoxResponseSchema,
  }),
  deleteLootBox: call({
    method: DELETE,
    permission: 'lootboxes.manage',
    path: '/loot-boxes/:id',
    params: idParamSchema,
  }),
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
  inventory: call({
    method: GET,
    permission: 'inventory.read',
    path: '/transactions/inventory',
    query: inv.inventoryQuerySchema,
    response: inv.inventoryResponseSchema,
  }),
  // mailing, tournaments, giveaways, settings
  mailings: call({
    method: GET,
    permission: 'mailing.read',
    path: '/mailing',
    query: mail.mailingsQuerySchema,
    response: mail.mailingsResponseSchema,
  }),
  createMailing: call({
    method: POST,
    permission: 'mailing.create',
    path: '/mailing',
    multipart: true,
    body: mail.createMailingBodySchema,
    response: mail.createMailingResponseSchema,
  }),
  startMailing: call({
    method: PUT,
    permission: 'mailing.start',
    path: '/mailing/:id/status',
    params: idParamSchema,
    stepUp: 'always',
    body: mail.mailingStatusRequestSchema,
    response: mail.mailingStatusResponseSchema,
  }),
  updateMailing: call({
    method: PUT,
    permission: 'mailing.create',
    path: '/mailing/:id',
    params: idParamSchema,
    multipart: true,
    body: mail.updateMailingBodySchema,
    response: mail.updateMailingResponseSchema,
  }),
  deleteMailing: call({
    method: DELETE,
    permission: 'mailing.create',
    path: '/mailing/:id',
    params: idParamSchema,
  }),
  mailingRecipients: call({
    method: GET,
    permission: 'mailing.read',
    path: '/mailing/:id/recipients',
    params: idParamSchema,
    response: mail.mailingRecipientsResponseSchema,
  }),
  testMailing: call({
    method: POST,
    permission: 'mailing.create',
    path: '/mailing/:id/test',
    params: idParamSchema,
    body: mail.mailingTestRequestSchema,
    response: mail.mailingTestResponseSchema,
  }),
  tournaments: call({
    method: GET,
    permission: 'tournaments.read',
    path: '/tournaments',
    query: tour.tournamentsQuerySchema,
    response: tour.tournamentsResponseSchema,
  }),
  createTournament: call({
    method: POST,
    permission: 'tournaments.manage',
    path: '/tournaments',
    multipart: true,
    body: tour.tournamentBodySchema,
    response: tour.tournamentResponseSchema,
  }),
  updateTournament: call({
    method: PUT,
    permission: 'tournaments.manage',
    path: '/tournaments/:id',
    params: idParamSchema,
    multipart: true,
    body: tour.tournamentBodySchema,
    response: tour.tournamentResponseSchema,
  }),
  deleteTournament: call({
    method: DELETE,
    permission: 'tournaments.manage',
    path: '/tournaments/:id',
    params: idParamSchema,
  }),
  giveaways: call({
    method: GET,
    permission: 'giveaways.read',
    path: '/giveaways',
    query: give.giveawaysQuerySchema,
    response: give.giveawaysResponseSchema,
  }),
  createGiveaway: call({
    method: POST,
    permission: 'giveaways.manage',
    path: '/giveaways',
    stepUp: 'always',
    multipart: true,
    body: give.createGiveawayBodySchema,
    response: give.giveawayResponseSchema,
  }),
  updateGiveaway: call({
    method: PUT,
    permission: 'giveaways.manage',
    path: '/giveaways/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: give.updateGiveawayBodySchema,
    response: give.giveawayResponseSchema,
  }),
  deleteGiveaway: call({
    method: DELETE,
    permission: 'giveaways.manage',
    path: '/giveaways/:id',
    params: idParamSchema,
  }),
  settings: call({
    method: GET,
    permission: 'settings.read',
    path: '/settings',
    response: settings.settingsResponseSchema,
  }),
  updateSettings: call({
    method: POST,
    permission: ['settings.general', 'settings.rates', 'settings.banners'],
    path: '/settings',
    stepUp: 'conditional',
    multipart: true,
    body: settings.updateSettingsBodySchema,
    response: settings.settingsResponseSchema,
  }),
  // the audit trail
  audit: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit',
    query: audit.auditQuerySchema,
    response: audit.auditResponseSchema,
  }),
  auditAdmins: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit/admins',
    response: audit.auditAdminsResponseSchema,
  }),
  auditVerify: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit/verify',
    response: audit.auditVerifyResponseSchema,
  }),
  auditExport: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit/export',
    query: audit.auditFilterSchema,
  }),
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

/** The `data` of a call's answer, for typed fetchers: `CallData<typeof calls.users>`; null when it has none. */
export type CallData<C extends CallSpec> = C['response'] extends z.ZodType ? z.output<C['response']> : null;
/** The querystring a call takes (before coercion: numbers may be given as numbers). */
export type CallQuery<C extends CallSpec> = C['query'] extends z.ZodType ? z.input<C['query']> : never;
/** The JSON body, or the text fields of the multipart body, a call takes. */
export type CallBody<C extends CallSpec> = C['body'] extends z.ZodType ? z.input<C['body']> : never;

/** Fills `:param` placeholders: `buildPath(calls.userDetail.path, { telegramId: 42 })`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The path on the server: `/auth/*` and `/manager/*` as is, the rest under `/manager`. */
export function apiPath(path: string): string {
  if (path.startsWith('/auth/') || path.startsWith('/manager/') || path === '/manager') return path;
  return `/manager${path}`;
}
