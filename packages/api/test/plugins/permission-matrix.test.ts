import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, calls, type CallSpec } from '@manager/contract';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

/*
 * Every call of `calls` as every built-in role, against the table below, written by hand from
 * docs/security.md (not read from the policy, so a mistake in the policy fails here): a refused
 * call answers 403 naming the permission that is missing; an allowed one gets past the check
 * (whatever its empty request then earns: 400, 404, ...), never 403.
 *
 * Roles: O Owner (admin), F Finance, S Support, C Content, A Auditor. '*' with no permission:
 * any signed-in admin (their own profile, sessions, second factors) or no sign-in at all.
 */
const EXPECTED: Record<keyof typeof calls, [permission: string | null, allowed: string]> = {
  login: [null, '*'],
  verify2fa: [null, '*'],
  profile: [null, '*'],
  refreshToken: [null, '*'],
  logout: [null, '*'],
  enrol2faSetup: [null, '*'],
  enrol2fa: [null, '*'],
  twoFactorSetup: [null, '*'],
  enable2fa: [null, '*'],
  disable2fa: [null, '*'],
  backupCodes: [null, '*'],
  sessions: [null, '*'],
  endSession: [null, '*'],
  endOtherSessions: [null, '*'],
  stepUpStatus: [null, '*'],
  stepUp: [null, '*'],
  stepUpPasskeyOptions: [null, '*'],
  stepUpPasskey: [null, '*'],
  passkeys: [null, '*'],
  passkeyRegistrationOptions: [null, '*'],
  addPasskey: [null, '*'],
  removePasskey: [null, '*'],
  signInPasskeyOptions: [null, '*'],
  verifyPasskey: [null, '*'],
  enrolPasskeyOptions: [null, '*'],
  enrolPasskey: [null, '*'],
  metrics: ['dashboard.read', 'OFSCA'],
  dashboardStats: ['dashboard.read', 'OFSCA'],
  gameHistory: ['games.read', 'OSA'],
  users: ['users.read', 'OFSA'],
  userDetail: ['users.read', 'OFSA'],
  updateBalances: ['users.balances.edit', 'OF'],
  leaderboard: ['leaderboards.read', 'OSA'],
  tasks: ['tasks.read', 'OCA'],
  createTask: ['tasks.manage', 'OC'],
  updateTask: ['tasks.manage', 'OC'],
  deleteTask: ['tasks.manage', 'OC'],
  marketplace: ['marketplace.read', 'OCA'],
  marketplaceOrders: ['marketplace.read', 'OCA'],
  shopItems: ['shop.read', 'OCA'],
  createShopItem: ['shop.manage', 'OC'],
  updateShopItem: ['shop.manage', 'OC'],
  deleteShopItem: ['shop.manage', 'OC'],
  shopOrders: ['shop.read', 'OCA'],
  inventoryGifts: ['gifts.read', 'OCA'],
  starsGifts: ['gifts.read', 'OCA'],
  lootBoxes: ['lootboxes.read', 'OCA'],
  createLootBox: ['lootboxes.manage', 'OC'],
  updateLootBox: ['lootboxes.manage', 'OC'],
  toggleLootBox: ['lootboxes.manage', 'OC'],
  deleteLootBox: ['lootboxes.manage', 'OC'],
  withdrawals: ['withdrawals.read', 'OFSA'],
  withdrawWithTransfer: ['withdrawals.decide', 'OF'],
  withdrawWithoutTransfer: ['withdrawals.decide', 'OF'],
  rejectWithdrawal: ['withdrawals.decide', 'OF'],
  decideWithdrawals: ['withdrawals.decide', 'OF'],
  revealPii: ['pii.reveal', 'O'],
  tonPayments: ['deposits.read', 'OFSA'],
  starsPayments: ['deposits.read', 'OFSA'],
  inventory: ['inventory.read', 'OFA'],
  mailings: ['mailing.read', 'OCA'],
  createMailing: ['mailing.create', 'OC'],
  startMailing: ['mailing.start', 'OC'],
  updateMailing: ['mailing.create', 'OC'],
  deleteMailing: ['mailing.create', 'OC'],
  mailingRecipients: ['mailing.read', 'OCA'],
  testMailing: ['mailing.create', 'OC'],
  tournaments: ['tournaments.read', 'OCA'],
  createTournament: ['tournaments.manage', 'OC'],
  updateTournament: ['tournaments.manage', 'OC'],
  deleteTournament: ['tournaments.manage', 'OC'],
  giveaways: ['giveaways.read', 'OCA'],
  createGiveaway: ['giveaways.manage', 'OC'],
  updateGiveaway: ['giveaways.manage', 'OC'],
  deleteGiveaway: ['giveaways.manage', 'OC'],
  settings: ['settings.read', 'OFCA'],
  // Any of general, rates, banners lets in; the save then needs the one of each part it changes.
  updateSettings: ['settings.general', 'OFC'],
  audit: ['audit.read', 'OA'],
  auditAdmins: ['audit.read', 'OA'],
  auditVerify: ['audit.read', 'OA'],
  auditExport: ['audit.read', 'OA'],
  admins: ['admins.manage', 'O'],
  adminRoles: ['admins.manage', 'O'],
  createAdminRole: ['admins.manage', 'O'],
  inviteAdmin: ['admins.manage', 'O'],
  setAdminRoles: ['admins.manage', 'O'],
  disableAdmin: ['admins.manage', 'O'],
  enableAdmin: ['admins.manage', 'O'],
  resetAdminSecondFactor: ['admins.manage', 'O'],
  adminRequests: ['admins.manage', 'O'],
  approveAdminRequest: ['admins.manage', 'O'],
  rejectAdminRequest: ['admins.manage', 'O'],
  enrolment: [null, '*'],
  enrol: [null, '*'],
  exportUsers: ['exports.run', 'OF'],
  exportGameHistory: ['exports.run', 'OF'],
  exportWithdrawals: ['exports.run', 'OF'],
  exportTonPayments: ['exports.run', 'OF'],
  exportStarsPayments: ['exports.run', 'OF'],
  exportInventory: ['exports.run', 'OF'],
  exportMarketplaceOrders: ['exports.run', 'OF'],
  exportShopOrders: ['exports.run', 'OF'],
  // Any read permission lets in; the handler checks the record's own kind (presence.test.ts).
  presence: ['admins.manage', 'OFSCA'],
  announcePresence: ['admins.manage', 'OFSCA'],
  leavePresence: ['admins.manage', 'OFSCA'],
  inbox: [null, '*'],
  readInboxItem: [null, '*'],
  readAllInbox: [null, '*'],
};

const ROLES = { O: 'owner', F: 'finance', S: 'support', C: 'content', A: 'auditor' } as const;
type Letter = keyof typeof ROLES;

let t: TestApp;
const tokens = {} as Record<Letter, string>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const [letter, role] of Object.entries(ROLES) as [Letter, string][]) {
    const username = role === 'owner' ? t.demo.admin.username : role;
    tokens[letter] = (await signIn(t, username, t.demo.admin.password)).accessToken;
  }
}, 120_000);
afterAll(() => t?.close());

/** The call with every path parameter 1 and no body: the check comes before both are read. */
const send = (call: CallSpec, token: string) =>
  t.call({ method: call.method, url: apiPath(call.path).replace(/:[A-Za-z]+/g, '1'), token });

// The calls that end the caller's session(s) go last, so each role's token serves the whole table.
const LAST = new Set(['endOtherSessions', 'logout']);
const ordered = (Object.entries(calls) as [keyof typeof calls, CallSpec][]).sort(
  ([a], [b]) => Number(LAST.has(a)) - Number(LAST.has(b)),
);

describe('every call as every built-in role', () => {
  it('the table names every call of the contract, and only those', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(Object.entries(ROLES) as [Letter, string][])(
    '%s (%s): refused calls answer 403 naming the permission, allowed ones pass the check',
    async (letter) => {
      const wrong: string[] = [];
      for (const [name, call] of ordered) {
        const [permission, allowed] = EXPECTED[name];
        const res = await send(call, tokens[letter]);
        const body = String(res.headers['content-type']).includes('json') ? res.json() : null;
        if (allowed === '*' || allowed.includes(letter)) {
          if (res.statusCode === 403) wrong.push(`${name}: refused (${res.body.slice(0, 120)})`);
        } else if (
          res.statusCode !== 403 ||
          body?.message !== 'Access denied - insufficient permissions' ||
          body?.data?.permission !== permission
        ) {
          wrong.push(
            `${name}: expected 403 for ${permission}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );
});
