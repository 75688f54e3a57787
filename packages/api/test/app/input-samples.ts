import { sql } from 'drizzle-orm';
import type { calls } from '@manager/contract';
import type { TestApp } from '../support/helper';

export type CallName = keyof typeof calls;

/**
 * One request a call accepts: the base that the property test changes a piece at a time, so
 * the odd value reaches the code behind the validation of the other fields.
 */
export interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  /** The JSON body, or the text fields of a multipart body (lists and objects travel as JSON text). */
  body?: Record<string, unknown>;
  /** Multipart file fields, each sent with a small PNG. */
  files?: string[];
}

const one = async (t: TestApp, query: string): Promise<number> => {
  const { rows } = (await t.db.execute(sql.raw(query))) as unknown as { rows: Array<{ id: unknown }> };
  if (rows[0] === undefined) throw new Error(`the seed left no row for: ${query}`);
  return Number(rows[0].id);
};

/** A valid request for every call, with ids of rows the seed wrote. */
export async function samplesFor(t: TestApp): Promise<Record<CallName, Sample>> {
  const ids = {
    task: await one(t, 'select id from tasks order by id limit 1'),
    shopItem: await one(t, "select id from shop_items where type <> 'NOOB_PACK' order by id limit 1"),
    lootBox: await one(t, 'select id from loot_boxes order by id limit 1'),
    gift: await one(t, 'select id from inventories order by id limit 1'),
    mailing: await one(t, "select id from mailings where status = 'waiting' order by id limit 1"),
    tournament: await one(t, 'select id from tournaments order by id limit 1'),
    giveaway: await one(t, 'select id from giveaways order by id limit 1'),
    withdrawal: await one(t, 'select id from withdrawals where decision is null order by id limit 1'),
    player: await one(t, 'select telegram_id as id from users order by telegram_id limit 1'),
    supportAdmin: await one(t, "select id from admins where username = 'support'"),
    contentAdmin: await one(t, "select id from admins where username = 'content'"),
  };
  const twoFactor = t.demo.twoFactorAdmin;
  const login = await t.call({
    method: 'POST',
    url: '/auth/login',
    payload: { identifier: twoFactor.username, password: twoFactor.password },
  });
  const { adminId, tempToken } = login.json().data as { adminId: number; tempToken: string };

  // The browser's JSON forms of a WebAuthn response (base64url fields; `e30` is `{}`).
  const passkeyRegistration = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  };
  const passkeyAssertion = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  };
  const page = { page: '1', limit: '20', search: 'a' };
  const task = {
    category: 'Partners',
    titleEn: 'Follow us',
    titleRu: 'Подпишись',
    rewardCurrency: 'TON',
    rewardAmount: '1.5',
    link: 'https://t.me/manager_game',
    isTelegramFollow: 'true',
    telegramChatId: '@manager_game',
  };
  const shopItem = {
    titleEn: 'Frame',
    titleRu: 'Рамка',
    descriptionEn: 'A frame',
    descriptionRu: 'Рамка',
    type: 'NOOB_PACK',
    price: '2.5',
    currency: 'TON',
    bundleItems: [ids.shopItem],
  };
  const lootBox = {
    name: 'Box',
    amount: '100',
    rewards: [
      { id: 1, type: 'TON', amount: 0.1, chance: 0.5, starsValue: 25, showInModal: true },
      {
        id: 2,
        type: 'SHOP',
        amount: 0,
        chance: 0.25,
        starsValue: 10,
        giftData: { shopItemId: ids.shopItem, name: 'Frame', price: 10, currency: 'STAR' },
      },
      {
        id: 3,
        type: 'NFT',
        amount: 0,
        chance: 0.25,
        starsValue: 500,
        giftData: { name: 'Plush Pepe', price: 2, customImageUrl: null, fileIndex: 0 },
      },
    ],
  };
  const tournament = { tournamentsDate: '2030-05-01T18:30', tournamentsLink: 'https://t.me/manager_game' };
  const giveaway = {
    expiredDate: '2030-01-01T00:00:00Z',
    gifts: [{ id: ids.gift, name: 'Plush Pepe', price: 1 }],
    isFree: 'false',
    ticketPriceTon: '1.25',
    ticketPriceStars: '10',
  };

  return {
    login: { body: { identifier: twoFactor.username, password: twoFactor.password } },
    verify2fa: { body: { adminId, token: '000000', tempToken } },
    profile: {},
    refreshToken: { body: { refreshToken: 'a'.repeat(64) } },
    logout: {},
    twoFactorSetup: {},
    enrol2faSetup: { body: { adminId, tempToken } },
    enrol2fa: { body: { adminId, tempToken, secret: 'JBSWY3DPEHPK3PXP', token: '123456' } },
    enable2fa: {
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        token: '123456',
        backupCodes: ['ABCD-1234'],
        password: t.demo.admin.password,
      },
    },
    disable2fa: { body: { password: t.demo.admin.password, twoFactorCode: '123456' } },
    backupCodes: { body: { password: t.demo.admin.password, twoFactorCode: '123456' } },
    stepUpPasskeyOptions: {},
    stepUpPasskey: { body: { response: passkeyAssertion } },
    passkeys: {},
    passkeyRegistrationOptions: {},
    addPasskey: { body: { name: 'Laptop', response: passkeyRegistration } },
    removePasskey: { params: { id: 1 } },
    signInPasskeyOptions: { body: { adminId, tempToken } },
    verifyPasskey: { body: { adminId, tempToken, response: passkeyAssertion } },
    enrolPasskeyOptions: { body: { adminId, tempToken } },
    enrolPasskey: { body: { adminId, tempToken, name: 'Laptop', response: passkeyRegistration } },
    sessions: {},
    endSession: { params: { id: '00000000-0000-4000-8000-000000000000' } },
    endOtherSessions: {},
    stepUpStatus: {},
    stepUp: { body: { method: 'password', password: t.demo.admin.password } },
    metrics: {},
    dashboardStats: {},
    gameHistory: { query: page },
    users: { query: page },
    userDetail: { params: { telegramId: ids.player } },
    updateBalances: {
      params: { telegramId: ids.player },
      body: {
        tonBalance: 1.5,
        starsBalance: 10,
        redChipBalance: 5,
        playBalance: 3,
        refNormal: 1,
        refPremium: 0,
        reason: 'Support ticket 42',
      },
    },
    leaderboard: {
      body: { type: 'game', timeRange: 'custom', customStartDate: '2024-01-01', customEndDate: '2024-12-31' },
    },
    tasks: {},
    createTask: { body: task, files: ['photo'] },
    updateTask: { params: { id: ids.task }, body: { ...task, status: 'true' }, files: ['photo'] },
    deleteTask: { params: { id: ids.task } },
    marketplace: { query: page },
    marketplaceOrders: { query: page },
    shopItems: {},
    createShopItem: { body: shopItem, files: ['photo', 'thumb'] },
    updateShopItem: {
      params: { id: ids.shopItem },
      body: { ...shopItem, type: 'FRAME', status: 'true' },
      files: ['photo'],
    },
    deleteShopItem: { params: { id: ids.shopItem } },
    shopOrders: {},
    inventoryGifts: { query: { search: 'a', telegramId: String(ids.player) } },
    starsGifts: {},
    lootBoxes: {},
    createLootBox: { body: lootBox, files: ['image', 'nft_0'] },
    updateLootBox: { params: { id: ids.lootBox }, body: lootBox, files: ['image'] },
    toggleLootBox: { params: { id: ids.lootBox } },
    deleteLootBox: { params: { id: ids.lootBox } },
    withdrawals: {},
    withdrawWithTransfer: { body: { id: ids.withdrawal, status: false } },
    withdrawWithoutTransfer: { body: { id: ids.withdrawal } },
    rejectWithdrawal: { body: { id: ids.withdrawal, reason: 'Wallet does not match' } },
    decideWithdrawals: { body: { action: 'reject', ids: [ids.withdrawal] } },
    revealPii: { body: { kind: 'withdrawal.wallet', id: ids.withdrawal } },
    tonPayments: {
      query: {
        ...page,
        status: 'true',
        startDate: '2024-01-01',
        endDate: '2030-12-31',
        minAmount: '0',
        maxAmount: '100',
      },
    },
    starsPayments: {
      query: {
        ...page,
        status: 'false',
        startDate: '2024-01-01T00:00:00Z',
        endDate: '2030-12-31',
        minAmount: '1',
        maxAmount: '5000',
      },
    },
    inventory: { query: page },
    mailings: {},
    createMailing: {
      body: { message: 'Hello', buttonText: 'Play now', buttonLink: 'https://t.me/manager_game_bot' },
      files: ['image'],
    },
    startMailing: { params: { id: ids.mailing }, body: { status: 'running' } },
    updateMailing: {
      params: { id: ids.mailing },
      body: { message: 'Hello', buttonText: 'Play now', buttonLink: 'https://t.me/manager_game_bot' },
      files: ['image'],
    },
    deleteMailing: { params: { id: ids.mailing } },
    mailingRecipients: { params: { id: ids.mailing } },
    testMailing: { params: { id: ids.mailing }, body: { telegramId: ids.player } },
    tournaments: {},
    createTournament: { body: tournament, files: ['tournamentsImage'] },
    updateTournament: { params: { id: ids.tournament }, body: tournament },
    deleteTournament: { params: { id: ids.tournament } },
    giveaways: {},
    createGiveaway: { body: giveaway, files: ['previewImage'] },
    updateGiveaway: { params: { id: ids.giveaway }, body: { ...giveaway, status: 'false' } },
    deleteGiveaway: { params: { id: ids.giveaway } },
    settings: {},
    updateSettings: {
      body: {
        technicalMode: 'false',
        playToStars: '0.5',
        playToRedChip: '4',
        bannerOneUrl: 'HomePage',
        bannerOneStatus: 'true',
        bannerTwoUrl: '',
        bannerTwoStatus: 'false',
      },
      files: ['bannerOneImage'],
    },
    audit: {
      query: {
        adminId: String(adminId),
        action: 'user.balances.update',
        entityType: 'user',
        entityId: String(ids.player),
        from: '2024-01-01',
        to: '2030-12-31',
        limit: '20',
      },
    },
    auditAdmins: {},
    auditVerify: {},
    auditExport: { query: { entityType: 'user', userTelegramId: String(ids.player) } },
    exportUsers: { query: { search: 'a' } },
    exportGameHistory: { query: { search: 'a' } },
    exportWithdrawals: { query: { search: 'a', status: 'pending', sort: '-price' } },
    exportTonPayments: {
      query: {
        status: 'true',
        startDate: '2024-01-01',
        endDate: '2030-12-31',
        minAmount: '0.5',
        maxAmount: '100',
      },
    },
    exportStarsPayments: { query: { search: 'a', minAmount: '1' } },
    exportInventory: { query: { search: 'a' } },
    exportMarketplaceOrders: { query: { search: '#12' } },
    admins: {},
    adminRoles: {},
    createAdminRole: { body: { name: 'Payments desk', permissions: ['withdrawals.read', 'deposits.read'] } },
    inviteAdmin: { body: { login: 'newcomer@example.com', roles: ['support'] } },
    setAdminRoles: { params: { id: ids.supportAdmin }, body: { roles: ['support', 'auditor'] } },
    disableAdmin: { params: { id: ids.contentAdmin } },
    enableAdmin: { params: { id: ids.contentAdmin } },
    resetAdminSecondFactor: { params: { id: adminId } },
    adminRequests: {},
    approveAdminRequest: { params: { id: 1 } },
    rejectAdminRequest: { params: { id: 1 } },
    enrolment: { params: { token: 'a'.repeat(43) } },
    enrol: { params: { token: 'a'.repeat(43) }, body: { password: 'a long passphrase', code: '123456' } },
    exportShopOrders: {
      query: { search: 'a', currency: 'TON', type: 'FRAME', from: '2024-01-01', sort: 'price' },
    },
    presence: { query: { entity: 'withdrawal', entityId: '1' } },
    announcePresence: { body: { entity: 'user', entityId: '1', activity: 'editing', tab: 'sample-tab-1' } },
    leavePresence: { body: { entity: 'user', entityId: '1', tab: 'sample-tab-1' } },
    inbox: {},
    readInboxItem: { params: { id: 1 } },
    readAllInbox: {},
  };
}
