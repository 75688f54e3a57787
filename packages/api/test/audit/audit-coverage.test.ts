import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '@manager/contract';
import { totpAt } from '../../src/auth/totp';
import {
  admins,
  giveaways,
  lootBoxes,
  mailings,
  settings,
  shopItems,
  tasks,
  tournaments,
  users,
} from '../../src/db/schema/index';
import { LedgerTransferPort } from '../../src/withdrawals/ledger-transfer-port';
import { reconcileTransferClaims } from '../../src/withdrawals/reconcile';
import type { TransferPort, TransferRequest } from '../../src/withdrawals/transfer-port';
import {
  asJson,
  auditMark,
  auditRowsSince,
  auditTestApp,
  callAs,
  CLIENT_IP,
  type AuditRow,
  type Sender,
} from '../support/audit-support';
import { JOBS_ON, signIn, twoFactorPasswordStep, type TestApp } from '../support/helper';
import { form, PNG } from '../support/multipart';
import { newAuthenticator } from '../support/passkey-support';
import { giftWithdrawal, tonWithdrawal } from '../support/withdrawals-fixtures';

/*
 * Every action of AUDIT_ACTIONS, done through the API as an admin does it: exactly the rows it
 * should write, each column checked (admin id and username, entity, changed fields only, the
 * request's address and browser, the reason, the player).
 */

/** Actions whose writers are tested in their own files. */
const TESTED_ELSEWHERE: Partial<Record<AuditAction, string>> = {
  'admin.invited': 'auth/admins/admins-invite.test.ts (an invite end to end)',
  'admin.enrolled': 'auth/admins/admins-invite.test.ts (an invite end to end)',
  'admin.roles.changed': 'auth/admins/admins-four-eyes.test.ts (narrowing applies at once)',
  'admin.disabled': 'auth/admins/admins-four-eyes.test.ts (disabling and enabling)',
  'admin.enabled': 'auth/admins/admins-four-eyes.test.ts (disabling and enabling)',
  'admin.second_factor.reset': 'auth/admins/admins-reset-second-factor.test.ts',
  'admin.request.created': 'auth/admins/admins-four-eyes.test.ts (a rejected grant gives nothing)',
  'admin.request.approved': 'auth/admins/admins-four-eyes.test.ts and admins-concurrency.test.ts (one row)',
  'admin.request.rejected': 'auth/admins/admins-four-eyes.test.ts (a rejected grant gives nothing)',
  'admin.role.created': 'auth/admins/admins-four-eyes.test.ts (the last active Owner)',
  'auth.admin.create': 'auth/admin-create.test.ts (the command runs in its own process)',
  'auth.access.denied':
    'plugins/permission-refusals.test.ts (once per admin, permission and minute, across instances)',
  'auth.session.end': 'the session list tests (sign out one session)',
  'auth.session.end_others': 'the session list tests (sign out other sessions)',
  'audit.export': 'the audit export tests',
  'list.export':
    'exports/list-exports.test.ts (the row is written once the stream ends or the client leaves)',
  'pii.revealed': 'pii/pii.test.ts (one row per reveal naming kind and id, none for a refusal)',
  'mailing.update': 'mailing/mailing-drafts.test.ts (edit a waiting draft)',
  'mailing.delete': 'mailing/mailing-drafts.test.ts (delete a waiting draft)',
  'mailing.test': 'mailing/mailing-drafts.test.ts (a test message to one Telegram id)',
};

let t: TestApp;
let me: { id: number; username: string };
let token: string;
let ledger: LedgerTransferPort;
/** What "approve with transfer" calls; the reference ledger unless a test stands in another port. */
let port: TransferPort;
const exercised = new Set<string>();

beforeAll(async () => {
  t = await auditTestApp(JOBS_ON, {
    transferPort: { transfer: (r) => port.transfer(r), status: (k) => port.status(k) },
  });
  ledger = new LedgerTransferPort(t.db);
  port = ledger;
  token = (await signIn(t)).accessToken;
  me = (
    await t.db
      .select({ id: admins.id, username: admins.username })
      .from(admins)
      .where(eq(admins.username, t.demo.admin.username))
  )[0]!;
});
afterAll(() => t.close());

/** The signed-in admin sending one request, named after what it does (its user agent). */
const as = (what: string, over: Partial<Sender> = {}): Sender => ({
  token,
  userAgent: `AuditCoverage/1.0 (${what})`,
  ...over,
});

/** The row `sender` should have written: their admin, address and browser unless `over` says otherwise. */
const row = (
  sender: Sender,
  over: Partial<AuditRow> & Pick<AuditRow, 'action' | 'entity' | 'entityId'>,
): AuditRow => ({
  adminId: me.id,
  adminUsername: me.username,
  userTelegramId: null,
  before: null,
  after: null,
  ip: CLIENT_IP,
  userAgent: sender.userAgent,
  reason: null,
  ...over,
});

/** Runs `step`; answers its result and the audit rows written meanwhile. */
async function audited<T>(step: () => Promise<T>): Promise<{ result: T; rows: AuditRow[] }> {
  const mark = await auditMark(t);
  const result = await step();
  const rows = await auditRowsSince(t, mark);
  for (const r of rows) exercised.add(r.action);
  return { result, rows };
}

const stored = async <T>(rows: Promise<T[]>): Promise<unknown> => asJson((await rows)[0]);
const photo = (name: string) => [{ name, value: PNG, filename: `${name}.png` }];

describe('content: each write is one row, with the changed fields only', () => {
  const TASK = {
    category: 'Partners',
    titleEn: 'Follow us',
    titleRu: 'Подпишись',
    rewardCurrency: 'TON',
    rewardAmount: '1.5',
    link: 'https://t.me/manager_game',
  };
  let taskId: number;

  it('task.create keeps the new row whole, money as its stored decimal text', async () => {
    const sender = as('task.create');
    const { result, rows } = await audited(() =>
      callAs(t, sender, { method: 'POST', url: '/manager/tasks', ...form(TASK, photo('photo')) }),
    );
    expect(result.statusCode, result.body).toBe(200);
    taskId = result.json().data.id;
    const after = await stored(t.db.select().from(tasks).where(eq(tasks.id, taskId)));
    expect(rows).toEqual([
      row(sender, { action: 'task.create', entity: 'task', entityId: String(taskId), after }),
    ]);
    expect(after).toMatchObject({ rewardAmount: '1.500000000', titleEn: 'Follow us' });
  });

  it('task.update keeps only the changed columns, old values before and new after', async () => {
    const sender = as('task.update');
    const update = () =>
      callAs(t, sender, {
        method: 'PUT',
        url: `/manager/tasks/${taskId}`,
        ...form({ ...TASK, titleEn: 'Follow us now', rewardAmount: '2.25' }),
      });
    const { result, rows } = await audited(update);
    expect(result.statusCode, result.body).toBe(200);
    expect(rows).toEqual([
      row(sender, {
        action: 'task.update',
        entity: 'task',
        entityId: String(taskId),
        before: { titleEn: 'Follow us', rewardAmount: '1.500000000' },
        after: { titleEn: 'Follow us now', rewardAmount: '2.250000000' },
      }),
    ]);
    // Saved again unchanged: still the admin's row, saying explicitly that nothing changed.
    const again = await audited(update);
    expect(again.result.statusCode).toBe(200);
    expect(again.rows).toEqual([
      row(sender, { action: 'task.update', entity: 'task', entityId: String(taskId), before: {}, after: {} }),
    ]);
  });

  it('task.delete keeps the deleted row whole in before', async () => {
    const sender = as('task.delete');
    const before = await stored(t.db.select().from(tasks).where(eq(tasks.id, taskId)));
    const { result, rows } = await audited(() =>
      callAs(t, sender, { method: 'DELETE', url: `/manager/tasks/${taskId}` }),
    );
    expect(result.statusCode).toBe(200);
    expect(rows).toEqual([
      row(sender, { action: 'task.delete', entity: 'task', entityId: String(taskId), before }),
    ]);
  });

  it('shop_item.create, update and delete', async () => {
    const ITEM = {
      titleEn: 'Frame',
      titleRu: 'Рамка',
      descriptionEn: 'A frame',
      descriptionRu: 'Рамка',
      type: 'FRAME',
      price: '2.5',
      currency: 'TON',
    };
    let sender = as('shop_item.create');
    const created = await audited(() =>
      callAs(t, sender, { method: 'POST', url: '/manager/shop-items', ...form(ITEM, photo('photo')) }),
    );
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json().data.id as number;
    const after = await stored(t.db.select().from(shopItems).where(eq(shopItems.id, id)));
    expect(after).toMatchObject({ price: '2.500000000' });
    expect(created.rows).toEqual([
      row(sender, { action: 'shop_item.create', entity: 'shop_item', entityId: String(id), after }),
    ]);

    sender = as('shop_item.update');
    const updated = await audited(() =>
      callAs(t, sender, {
        method: 'PUT',
        url: `/manager/shop-items/${id}`,
        ...form({ ...ITEM, price: '3.1', status: 'false' }),
      }),
    );
    expect(updated.result.statusCode, updated.result.body).toBe(200);
    expect(updated.rows).toEqual([
      row(sender, {
        action: 'shop_item.update',
        entity: 'shop_item',
        entityId: String(id),
        before: { price: '2.500000000', status: true },
        after: { price: '3.100000000', status: false },
      }),
    ]);

    sender = as('shop_item.delete');
    const before = await stored(t.db.select().from(shopItems).where(eq(shopItems.id, id)));
    const deleted = await audited(() =>
      callAs(t, sender, { method: 'DELETE', url: `/manager/shop-items/${id}` }),
    );
    expect(deleted.result.statusCode).toBe(200);
    expect(deleted.rows).toEqual([
      row(sender, { action: 'shop_item.delete', entity: 'shop_item', entityId: String(id), before }),
    ]);
  });

  it('loot_box.create, update, toggle and delete', async () => {
    const rewards = JSON.stringify([
      { id: 1, type: 'TON', amount: 0.1, chance: 1, starsValue: 25, showInModal: true },
    ]);
    let sender = as('loot_box.create');
    const created = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/manager/loot-boxes',
        ...form({ name: 'Box', amount: '100', rewards }, photo('image')),
      }),
    );
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json().data.id as number;
    const box = () => stored(t.db.select().from(lootBoxes).where(eq(lootBoxes.id, id)));
    expect(created.rows).toEqual([
      row(sender, {
        action: 'loot_box.create',
        entity: 'loot_box',
        entityId: String(id),
        after: await box(),
      }),
    ]);

    sender = as('loot_box.update');
    const updated = await audited(() =>
      callAs(t, sender, {
        method: 'PUT',
        url: `/manager/loot-boxes/${id}`,
        ...form({ name: 'Bigger box', amount: '150', rewards }),
      }),
    );
    expect(updated.result.statusCode, updated.result.body).toBe(200);
    expect(updated.rows).toEqual([
      row(sender, {
        action: 'loot_box.update',
        entity: 'loot_box',
        entityId: String(id),
        before: { name: 'Box', amount: 100 },
        after: { name: 'Bigger box', amount: 150 },
      }),
    ]);

    sender = as('loot_box.toggle');
    const toggled = await audited(() =>
      callAs(t, sender, { method: 'PATCH', url: `/manager/loot-boxes/${id}/toggle-status` }),
    );
    expect(toggled.result.statusCode).toBe(200);
    expect(toggled.rows).toEqual([
      row(sender, {
        action: 'loot_box.toggle',
        entity: 'loot_box',
        entityId: String(id),
        before: { isActive: true },
        after: { isActive: false },
      }),
    ]);

    sender = as('loot_box.delete');
    const before = await box();
    const deleted = await audited(() =>
      callAs(t, sender, { method: 'DELETE', url: `/manager/loot-boxes/${id}` }),
    );
    expect(deleted.result.statusCode).toBe(200);
    expect(deleted.rows).toEqual([
      row(sender, { action: 'loot_box.delete', entity: 'loot_box', entityId: String(id), before }),
    ]);
  });

  it('giveaway.create, update and delete', async () => {
    const { gift } = await giftWithdrawal(t);
    const GIVEAWAY = {
      expiredDate: '2030-01-01T00:00:00Z',
      gifts: JSON.stringify([{ id: gift.id, name: 'x', price: 1 }]),
      isFree: 'false',
      ticketPriceTon: '1.25',
      ticketPriceStars: '10',
    };
    let sender = as('giveaway.create');
    const created = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/manager/giveaways',
        ...form(GIVEAWAY, photo('previewImage')),
      }),
    );
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json().data.id as number;
    const giveaway = () => stored(t.db.select().from(giveaways).where(eq(giveaways.id, id)));
    const after = await giveaway();
    expect(after).toMatchObject({ ticketPriceTon: '1.250000000', ticketPriceStars: '10.000000000' });
    expect(created.rows).toEqual([
      row(sender, { action: 'giveaway.create', entity: 'giveaway', entityId: String(id), after }),
    ]);

    sender = as('giveaway.update');
    const updated = await audited(() =>
      callAs(t, sender, {
        method: 'PUT',
        url: `/manager/giveaways/${id}`,
        ...form({ ...GIVEAWAY, ticketPriceTon: '2', status: 'false' }),
      }),
    );
    expect(updated.result.statusCode, updated.result.body).toBe(200);
    expect(updated.rows).toEqual([
      row(sender, {
        action: 'giveaway.update',
        entity: 'giveaway',
        entityId: String(id),
        before: { ticketPriceTon: '1.250000000', status: true },
        after: { ticketPriceTon: '2.000000000', status: false },
      }),
    ]);

    sender = as('giveaway.delete');
    const before = await giveaway();
    const deleted = await audited(() =>
      callAs(t, sender, { method: 'DELETE', url: `/manager/giveaways/${id}` }),
    );
    expect(deleted.result.statusCode).toBe(200);
    expect(deleted.rows).toEqual([
      row(sender, { action: 'giveaway.delete', entity: 'giveaway', entityId: String(id), before }),
    ]);
  });

  it('tournament.create, update and delete', async () => {
    const TOURNAMENT = { tournamentsDate: '2030-05-01T18:30:00Z', tournamentsLink: 'https://t.me/cup' };
    let sender = as('tournament.create');
    const created = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/manager/tournaments',
        ...form(TOURNAMENT, photo('tournamentsImage')),
      }),
    );
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json().data.id as number;
    const tournament = () => stored(t.db.select().from(tournaments).where(eq(tournaments.id, id)));
    expect(created.rows).toEqual([
      row(sender, {
        action: 'tournament.create',
        entity: 'tournament',
        entityId: String(id),
        after: await tournament(),
      }),
    ]);

    sender = as('tournament.update');
    const updated = await audited(() =>
      callAs(t, sender, {
        method: 'PUT',
        url: `/manager/tournaments/${id}`,
        ...form({ ...TOURNAMENT, tournamentsLink: 'https://t.me/cup2' }),
      }),
    );
    expect(updated.result.statusCode, updated.result.body).toBe(200);
    expect(updated.rows).toEqual([
      row(sender, {
        action: 'tournament.update',
        entity: 'tournament',
        entityId: String(id),
        before: { tournamentsLink: 'https://t.me/cup' },
        after: { tournamentsLink: 'https://t.me/cup2' },
      }),
    ]);

    sender = as('tournament.delete');
    const before = await tournament();
    const deleted = await audited(() =>
      callAs(t, sender, { method: 'DELETE', url: `/manager/tournaments/${id}` }),
    );
    expect(deleted.result.statusCode).toBe(200);
    expect(deleted.rows).toEqual([
      row(sender, { action: 'tournament.delete', entity: 'tournament', entityId: String(id), before }),
    ]);
  });

  it('settings.update: the changed columns, rates as decimal text; an unchanged save is an explicit empty change', async () => {
    const sender = as('settings.update');
    const fields = {
      technicalMode: 'true',
      playToStars: '0.25',
      playToRedChip: '1.5',
      bannerOneUrl: 'MarketPage',
      bannerOneStatus: 'false',
      bannerTwoUrl: '',
      bannerTwoStatus: 'false',
    };
    const save = () => callAs(t, sender, { method: 'POST', url: '/manager/settings', ...form(fields) });
    const first = await audited(save);
    expect(first.result.statusCode, first.result.body).toBe(200);
    expect(first.rows).toEqual([
      row(sender, {
        action: 'settings.update',
        entity: 'settings',
        entityId: '1',
        before: {
          technicalMode: false,
          playToStars: '0.000000000',
          playToRedChip: '0.000000000',
          bannerOneUrl: 'close',
        },
        after: {
          technicalMode: true,
          playToStars: '0.250000000',
          playToRedChip: '1.500000000',
          bannerOneUrl: 'MarketPage',
        },
      }),
    ]);
    const [row1] = await t.db.select().from(settings);
    expect(row1!.playToStars).toBe('0.250000000');
    const again = await audited(save);
    expect(again.rows).toEqual([
      row(sender, { action: 'settings.update', entity: 'settings', entityId: '1', before: {}, after: {} }),
    ]);
  });

  it('mailing.create and mailing.start by the admin; mailing.deliver by the delivery job, not the admin who started it', async () => {
    await t.db
      .insert(users)
      .values([1, 2, 3].map((i) => ({ telegramId: 9_200_000_000 + i, username: `reader${i}` })));
    let sender = as('mailing.create');
    const created = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/manager/mailing',
        ...form({ message: 'Hello', buttonText: 'Play', buttonLink: 'https://t.me/bot' }),
      }),
    );
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json().data.id as number;
    const mailing = () => stored(t.db.select().from(mailings).where(eq(mailings.id, id)));
    expect(created.rows).toEqual([
      row(sender, {
        action: 'mailing.create',
        entity: 'mailing',
        entityId: String(id),
        after: await mailing(),
      }),
    ]);

    sender = as('mailing.start');
    const [{ players }] = (await t.db.select({ players: count() }).from(users)) as [{ players: number }];
    const started = await audited(async () => {
      const res = await callAs(t, sender, {
        method: 'PUT',
        url: `/manager/mailing/${id}/status`,
        payload: { status: 'running' },
      });
      await expect
        .poll(async () => ((await mailing()) as { status: string }).status, { timeout: 10_000 })
        .toBe('done');
      return res;
    });
    expect(started.result.statusCode, started.result.body).toBe(200);
    expect(started.rows).toEqual([
      row(sender, {
        action: 'mailing.start',
        entity: 'mailing',
        entityId: String(id),
        before: { status: 'waiting' },
        after: { status: 'running' },
      }),
      {
        ...row(sender, { action: 'mailing.deliver', entity: 'mailing', entityId: String(id) }),
        adminId: null,
        adminUsername: 'system:mailing',
        ip: null,
        userAgent: null,
        // The players were counted at Start; the last batch's counts were written with it.
        before: { status: 'running' },
        after: { status: 'done' },
      },
    ]);
    expect(await mailing()).toMatchObject({ recipients: Number(players), delivered: Number(players) });
  });
});

describe('money: balances and withdrawal decisions name the player', () => {
  const decide = (sender: Sender, action: string, body: object) =>
    callAs(t, sender, { method: 'POST', url: `/manager/withdrawals/${action}`, payload: body });
  const decidedAt = () => t.clock.now().toISOString();

  it('user.balances.update: the changed figures as stored, the reason, the player', async () => {
    const telegramId = 9_100_000_001;
    await t.db
      .insert(users)
      .values({ telegramId, username: 'payee', tonBalance: '10.123456789', starsBalance: 40 });
    const seen = {
      tonBalance: 10.123456789,
      starsBalance: 40,
      redChipBalance: 0,
      playBalance: 0,
      refNormal: 0,
      refPremium: 0,
    };
    const sender = as('user.balances.update');
    const edit = (payload: object) =>
      audited(() =>
        callAs(t, sender, { method: 'PUT', url: `/manager/users/${telegramId}/balances`, payload }),
      );
    const first = await edit({
      ...seen,
      tonBalance: 12.5,
      expected: seen,
      reason: '  Refund for ticket #42  ',
    });
    expect(first.result.statusCode, first.result.body).toBe(200);
    const common = {
      action: 'user.balances.update',
      entity: 'user',
      entityId: String(telegramId),
      userTelegramId: telegramId,
    };
    expect(first.rows).toEqual([
      row(sender, {
        ...common,
        before: { tonBalance: '10.123456789' },
        after: { tonBalance: '12.500000000' },
        reason: 'Refund for ticket #42',
      }),
    ]);
    // A balance edit cannot go without a reason: refused, nothing written.
    for (const reason of [undefined, '   ']) {
      const refused = await edit({
        ...seen,
        tonBalance: 12.5,
        starsBalance: 41,
        expected: { ...seen, tonBalance: 12.5 },
        reason,
      });
      expect(refused.result.statusCode).toBe(400);
      expect(refused.result.json().message).toBe('reason: Please enter a reason');
      expect(refused.rows).toEqual([]);
    }
    const second = await edit({
      ...seen,
      tonBalance: 12.5,
      starsBalance: 41,
      expected: { ...seen, tonBalance: 12.5 },
      reason: 'Stars from support',
    });
    expect(second.result.statusCode, second.result.body).toBe(200);
    expect(second.rows).toEqual([
      row(sender, {
        ...common,
        before: { starsBalance: 40 },
        after: { starsBalance: 41 },
        reason: 'Stars from support',
      }),
    ]);
  });

  it('withdrawal.reject and withdrawal.approve_without_transfer: the decision columns, the reason, the player', async () => {
    const ton = await tonWithdrawal(t, '0.1', '0.2');
    let sender = as('withdrawal.reject');
    const rejected = await audited(() =>
      decide(sender, 'reject', { id: ton.withdrawal.id, reason: 'Wallet does not match' }),
    );
    expect(rejected.result.statusCode, rejected.result.body).toBe(200);
    expect(rejected.rows).toEqual([
      row(sender, {
        action: 'withdrawal.reject',
        entity: 'withdrawal',
        entityId: String(ton.withdrawal.id),
        userTelegramId: ton.telegramId,
        before: { decision: null, decidedBy: null, decidedAt: null },
        after: { decision: 'rejected', decidedBy: me.id, decidedAt: decidedAt() },
        reason: 'Wallet does not match',
      }),
    ]);

    const gift = await giftWithdrawal(t);
    sender = as('withdrawal.approve_without_transfer');
    const approved = await audited(() => decide(sender, 'without-transfer', { id: gift.withdrawal.id }));
    expect(approved.result.statusCode, approved.result.body).toBe(200);
    expect(approved.rows).toEqual([
      row(sender, {
        action: 'withdrawal.approve_without_transfer',
        entity: 'withdrawal',
        entityId: String(gift.withdrawal.id),
        userTelegramId: gift.telegramId,
        before: { status: false, decision: null, decidedBy: null, decidedAt: null },
        after: { status: true, decision: 'without-transfer', decidedBy: me.id, decidedAt: decidedAt() },
      }),
    ]);
  });

  it('withdrawal.first_approval: the first-approval columns, the reason, the player; nothing else written', async () => {
    // At DUAL_APPROVAL_MIN_TON (10) an approval needs a second admin: this one is recorded only.
    const { withdrawal, telegramId } = await giftWithdrawal(t, String(t.config.dualApprovalMinTon));
    const sender = as('withdrawal.first_approval');
    const { result, rows } = await audited(() =>
      decide(sender, 'with-transfer', { id: withdrawal.id, reason: 'Large: checked the wallet' }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(rows).toEqual([
      row(sender, {
        action: 'withdrawal.first_approval',
        entity: 'withdrawal',
        entityId: String(withdrawal.id),
        userTelegramId: telegramId,
        before: { firstApprovedBy: null, firstApproval: null, firstApprovedAt: null },
        after: { firstApprovedBy: me.id, firstApproval: 'with-transfer', firstApprovedAt: decidedAt() },
        reason: 'Large: checked the wallet',
      }),
    ]);
  });

  /** The row of the transfer claim that starts every "approve with transfer". */
  const claimRow = (sender: Sender, w: { id: number; telegramId: number }, reason: string | null = null) =>
    row(sender, {
      action: 'withdrawal.transfer_claim',
      entity: 'withdrawal',
      entityId: String(w.id),
      userTelegramId: w.telegramId,
      before: { decidedBy: null, transferClaimedAt: null, transferKey: null },
      after: { decidedBy: me.id, transferClaimedAt: decidedAt(), transferKey: `withdrawal-${w.id}` },
      reason,
    });

  it('withdrawal.transfer_claim then withdrawal.approve_with_transfer with the reference', async () => {
    const { withdrawal } = await giftWithdrawal(t);
    const sender = as('withdrawal.approve_with_transfer');
    const { result, rows } = await audited(() =>
      decide(sender, 'with-transfer', { id: withdrawal.id, reason: 'Verified by phone' }),
    );
    expect(result.statusCode, result.body).toBe(200);
    const status = await ledger.status(`withdrawal-${withdrawal.id}`);
    expect(status.state).toBe('done');
    expect(rows).toEqual([
      claimRow(sender, withdrawal, 'Verified by phone'),
      row(sender, {
        action: 'withdrawal.approve_with_transfer',
        entity: 'withdrawal',
        entityId: String(withdrawal.id),
        userTelegramId: withdrawal.telegramId,
        before: { status: false, decision: null, decidedAt: null },
        after: {
          status: true,
          decision: 'with-transfer',
          decidedAt: decidedAt(),
          transfer: (status as { reference: string }).reference,
        },
      }),
    ]);
  });

  /** A port whose transfer runs `moved` (a transfer that happened) and throws anyway; `status` answers for the key. */
  const throwing = (
    message: string,
    status: TransferPort['status'],
    moved?: (r: TransferRequest) => Promise<unknown>,
  ): TransferPort => ({
    transfer: async (r) => {
      await moved?.(r);
      throw new Error(message);
    },
    status,
  });
  const through = async <T>(stand: TransferPort, step: () => Promise<T>) => {
    port = stand;
    try {
      return await step();
    } finally {
      port = ledger;
    }
  };

  it("withdrawal.transfer_failed: the claim released, the call's error as the reason, shown as failureReason", async () => {
    const { withdrawal } = await giftWithdrawal(t);
    const sender = as('withdrawal.transfer_failed');
    const stand = throwing('recipient wallet is frozen', (k) => ledger.status(k));
    const { result, rows } = await through(stand, () =>
      audited(() => decide(sender, 'with-transfer', { id: withdrawal.id })),
    );
    expect(result.statusCode).toBe(502);
    expect(rows).toEqual([
      claimRow(sender, withdrawal),
      row(sender, {
        action: 'withdrawal.transfer_failed',
        entity: 'withdrawal',
        entityId: String(withdrawal.id),
        userTelegramId: withdrawal.telegramId,
        before: {
          decidedBy: me.id,
          transferClaimedAt: decidedAt(),
          transferKey: `withdrawal-${withdrawal.id}`,
        },
        after: { decidedBy: null, transferClaimedAt: null, transferKey: null },
        reason: 'recipient wallet is frozen',
      }),
    ]);
    const listed = (await callAs(t, as('list'), { method: 'GET', url: '/manager/withdrawals' })).json()
      .data as Array<{ id: number; failureReason?: string }>;
    expect(listed.find((w) => w.id === withdrawal.id)?.failureReason).toBe('recipient wallet is frozen');
  });

  it('withdrawal.transfer_unknown by the admin; withdrawal.transfer_reconciled and transfer_released by the reconciliation job', async () => {
    const [moved, lost] = [await giftWithdrawal(t), await giftWithdrawal(t)];
    const sender = as('withdrawal.transfer_unknown');
    const unreachable = throwing(
      'gateway timeout',
      () => Promise.reject(new Error('provider unreachable')),
      (r) => ledger.transfer(r),
    );
    const pending = throwing('gateway timeout', async () => ({ state: 'pending' }));
    const first = await through(unreachable, () =>
      audited(() => decide(sender, 'with-transfer', { id: moved.withdrawal.id })),
    );
    const second = await through(pending, () =>
      audited(() => decide(sender, 'with-transfer', { id: lost.withdrawal.id })),
    );
    const unknown = (w: { id: number; telegramId: number }, provider: string) =>
      row(sender, {
        action: 'withdrawal.transfer_unknown',
        entity: 'withdrawal',
        entityId: String(w.id),
        userTelegramId: w.telegramId,
        after: { provider },
        reason: 'gateway timeout',
      });
    expect([first.result.statusCode, second.result.statusCode]).toEqual([502, 502]);
    expect(first.rows).toEqual([
      claimRow(sender, moved.withdrawal),
      unknown(moved.withdrawal, 'status failed: provider unreachable'),
    ]);
    expect(second.rows).toEqual([claimRow(sender, lost.withdrawal), unknown(lost.withdrawal, 'pending')]);

    const claimedAt = decidedAt();
    t.clock.advance(60_000);
    const job = await audited(() =>
      reconcileTransferClaims(t.db, { port: ledger, now: t.clock.now(), staleMs: 1_000 }),
    );
    expect(job.result).toMatchObject({ processed: [moved.withdrawal.id], released: [lost.withdrawal.id] });
    const system = { adminId: null, adminUsername: 'system:reconcile', ip: null, userAgent: null };
    const reference = ((await ledger.status(`withdrawal-${moved.withdrawal.id}`)) as { reference: string })
      .reference;
    expect(job.rows).toEqual([
      {
        ...row(sender, {
          action: 'withdrawal.transfer_reconciled',
          entity: 'withdrawal',
          entityId: String(moved.withdrawal.id),
          userTelegramId: moved.telegramId,
        }),
        ...system,
        before: { status: false, decision: null, decidedAt: null },
        after: { status: true, decision: 'with-transfer', decidedAt: decidedAt(), transfer: reference },
      },
      {
        ...row(sender, {
          action: 'withdrawal.transfer_released',
          entity: 'withdrawal',
          entityId: String(lost.withdrawal.id),
          userTelegramId: lost.telegramId,
        }),
        ...system,
        before: {
          decidedBy: me.id,
          transferClaimedAt: claimedAt,
          transferKey: `withdrawal-${lost.withdrawal.id}`,
        },
        after: { decidedBy: null, transferClaimedAt: null, transferKey: null },
        reason: 'The transfer was interrupted before it happened; decide again',
      },
    ]);
  });
});

describe('sign-in, sessions and two-factor', () => {
  const login = (sender: Sender, identifier: string, password: string) =>
    callAs(t, sender, { method: 'POST', url: '/auth/login', payload: { identifier, password } });
  const adminRow = (sender: Sender, over: Partial<AuditRow> & Pick<AuditRow, 'action'>) =>
    row(sender, { entity: 'admin', entityId: String(me.id), ...over });

  it('auth.login.success and auth.login.failure (a wrong password; an identifier naming nobody)', async () => {
    const sender = as('auth.login', { token: '' });
    const ok = await audited(() => login(sender, 'admin', t.demo.admin.password));
    expect(ok.result.statusCode).toBe(200);
    expect(ok.rows).toEqual([
      adminRow(sender, {
        action: 'auth.login.success',
        after: { method: 'password', family: expect.any(String) },
      }),
    ]);

    const wrong = await audited(() => login(sender, 'admin', 'not-the-password'));
    expect(wrong.result.statusCode).toBe(401);
    expect(wrong.rows).toEqual([
      adminRow(sender, {
        action: 'auth.login.failure',
        after: { identifier: 'admin' },
        reason: 'wrong_password',
      }),
    ]);

    const nobody = await audited(() => login(sender, 'nobody-at-all', 'whatever-it-is'));
    expect(nobody.result.statusCode).toBe(401);
    expect(nobody.rows).toEqual([
      row(sender, {
        action: 'auth.login.failure',
        entity: 'admin',
        entityId: null,
        adminId: null,
        adminUsername: null,
        reason: 'unknown_identifier',
      }),
    ]);
  });

  it('auth.logout, and auth.refresh.reuse in the transaction that revokes the family (a rotation writes nothing)', async () => {
    const sender = as('auth.logout', { token: '' });
    const session = await signIn(t);
    const out = await audited(() =>
      callAs(t, { ...sender, token: session.accessToken }, { method: 'POST', url: '/auth/logout' }),
    );
    expect(out.result.statusCode).toBe(200);
    expect(out.rows).toEqual([
      adminRow(sender, { action: 'auth.logout', after: { family: expect.any(String) } }),
    ]);

    const other = await signIn(t);
    const refresh = (refreshToken: string) =>
      callAs(t, sender, { method: 'POST', url: '/auth/refresh-token', payload: { refreshToken } });
    const rotated = await audited(() => refresh(other.refreshToken));
    expect(rotated.result.statusCode).toBe(200);
    expect(rotated.rows).toEqual([]);
    const replayed = await audited(() => refresh(other.refreshToken));
    expect(replayed.result.statusCode).toBe(401);
    expect(replayed.rows).toEqual([
      adminRow(sender, {
        action: 'auth.refresh.reuse',
        after: { revoked: 'family', family: expect.any(String) },
      }),
    ]);
  });

  it('auth.step_up (on the session, with the method) and auth.step_up.failure (a wrong password)', async () => {
    const session = await signIn(t, undefined, undefined, { stepUp: false });
    const sender = as('auth.step_up', { token: session.accessToken });
    const confirm = (password: string) =>
      audited(() =>
        callAs(t, sender, {
          method: 'POST',
          url: '/auth/step-up',
          payload: { method: 'password', password },
        }),
      );
    const family = (await t.app.tokens.verifyAccess(session.accessToken))!.familyId!;
    const wrong = await confirm('not-the-password');
    expect(wrong.result.statusCode).toBe(400);
    expect(wrong.rows).toEqual([
      adminRow(sender, {
        action: 'auth.step_up.failure',
        after: { method: 'password', session: family },
        reason: 'wrong_password',
      }),
    ]);
    const ok = await confirm(t.demo.admin.password);
    expect(ok.result.statusCode).toBe(200);
    expect(ok.rows).toEqual([
      row(sender, {
        action: 'auth.step_up',
        entity: 'session',
        entityId: family,
        after: { method: 'password' },
      }),
    ]);
  });

  it('auth.password.failure: a wrong password re-check of a signed-in admin', async () => {
    const sender = as('auth.password.failure');
    const { result, rows } = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/auth/2fa/enable',
        payload: { secret: 'JBSWY3DPEHPK3PXP', token: '123456', backupCodes: [], password: 'wrong-password' },
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(rows).toEqual([
      adminRow(sender, {
        action: 'auth.password.failure',
        after: { route: '/auth/2fa/enable' },
        reason: 'wrong_password',
      }),
    ]);
  });

  it('auth.2fa.failure, auth.2fa.backup_codes.regenerate, auth.2fa.disable and auth.2fa.enable', async () => {
    const demo = t.demo.twoFactorAdmin;
    const [other] = await t.db
      .select({ id: admins.id, username: admins.username })
      .from(admins)
      .where(eq(admins.username, demo.username));
    const theirs = (sender: Sender, over: Partial<AuditRow> & Pick<AuditRow, 'action'>) =>
      row(sender, {
        entity: 'admin',
        entityId: String(other!.id),
        adminId: other!.id,
        adminUsername: other!.username,
        ...over,
      });
    const code = (secret: string) => totpAt(secret, t.clock.now().getTime() / 1000);

    const step = await twoFactorPasswordStep(t);
    let sender = as('auth.2fa.failure', { token: '' });
    const verify = (code2: string) =>
      callAs(t, sender, { method: 'POST', url: '/auth/2fa/verify', payload: { ...step, token: code2 } });
    const refused = await audited(() => verify('000000'));
    expect(refused.result.statusCode).toBe(401);
    expect(refused.rows).toEqual([theirs(sender, { action: 'auth.2fa.failure', reason: 'wrong_code' })]);
    const signedIn = await audited(() => verify(code(demo.secret)));
    expect(signedIn.result.statusCode).toBe(200);
    expect(signedIn.rows).toEqual([
      theirs(sender, { action: 'auth.login.success', after: { method: 'totp', family: expect.any(String) } }),
    ]);
    const theirToken = signedIn.result.json().data.tokens.accessToken as string;

    t.clock.advance(30_000);
    sender = as('auth.2fa.backup_codes.regenerate', { token: theirToken });
    const codes = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/auth/2fa/backup-codes',
        payload: { password: demo.password, twoFactorCode: code(demo.secret) },
      }),
    );
    expect(codes.result.statusCode, codes.result.body).toBe(200);
    expect(codes.rows).toEqual([
      theirs(sender, { action: 'auth.2fa.backup_codes.regenerate', after: { count: 10, sessionsEnded: 0 } }),
    ]);

    t.clock.advance(30_000);
    sender = as('auth.2fa.disable', { token: theirToken });
    const off = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/auth/2fa/disable',
        payload: { password: demo.password, twoFactorCode: code(demo.secret) },
      }),
    );
    expect(off.result.statusCode, off.result.body).toBe(200);
    expect(off.rows).toEqual([
      theirs(sender, {
        action: 'auth.2fa.disable',
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false, sessionsEnded: 0 },
      }),
    ]);

    sender = as('auth.2fa.enable', { token: theirToken });
    // Setting up writes a pending secret only, which signs nobody in: no row until it is enabled.
    const setup = await audited(() => callAs(t, sender, { method: 'GET', url: '/auth/2fa/setup' }));
    expect(setup.rows).toEqual([]);
    const { secret, backupCodes } = setup.result.json().data as { secret: string; backupCodes: string[] };
    const on = await audited(() =>
      callAs(t, sender, {
        method: 'POST',
        url: '/auth/2fa/enable',
        payload: { secret, token: code(secret), backupCodes, password: demo.password },
      }),
    );
    expect(on.result.statusCode, on.result.body).toBe(200);
    expect(on.rows).toEqual([
      theirs(sender, {
        action: 'auth.2fa.enable',
        before: { twoFactorEnabled: false },
        after: { twoFactorEnabled: true, sessionsEnded: 0 },
      }),
    ]);
  });

  it('an enrolment at sign-in writes auth.2fa.enable and auth.login.success together; a wrong code auth.2fa.failure', async () => {
    const required = await auditTestApp({ REQUIRE_2FA: 'true' });
    try {
      const sender = as('enrolment', { token: '' });
      const password = await callAs(required, sender, {
        method: 'POST',
        url: '/auth/login',
        payload: { identifier: 'admin', password: t.demo.admin.password },
      });
      const { adminId, tempToken } = password.json().data as { adminId: number; tempToken: string };
      const since = async <T>(step: () => Promise<T>) => {
        const mark = await auditMark(required);
        const result = await step();
        const rows = await auditRowsSince(required, mark);
        for (const r of rows) exercised.add(r.action);
        return { result, rows };
      };
      const setup = await since(() =>
        callAs(required, sender, {
          method: 'POST',
          url: '/auth/2fa/enrol/setup',
          payload: { adminId, tempToken },
        }),
      );
      expect(setup.rows).toEqual([]);
      const { secret } = setup.result.json().data as { secret: string };
      const enrol = (token: string) =>
        callAs(required, sender, {
          method: 'POST',
          url: '/auth/2fa/enrol',
          payload: { adminId, tempToken, secret, token },
        });
      const mine = { entity: 'admin', entityId: String(adminId), adminId, adminUsername: 'admin' };

      const wrong = await since(() => enrol('000000'));
      expect(wrong.result.statusCode).toBe(401);
      expect(wrong.rows).toEqual([
        row(sender, { ...mine, action: 'auth.2fa.failure', after: { atSignIn: true }, reason: 'wrong_code' }),
      ]);

      const right = await since(() => enrol(totpAt(secret, required.clock.now().getTime() / 1000)));
      expect(right.result.statusCode, right.result.body).toBe(200);
      expect(right.rows).toEqual([
        row(sender, {
          ...mine,
          action: 'auth.2fa.enable',
          before: { twoFactorEnabled: false },
          after: { twoFactorEnabled: true, sessionsEnded: 0, atSignIn: true },
        }),
        row(sender, {
          ...mine,
          action: 'auth.login.success',
          after: { method: 'totp', family: expect.any(String) },
        }),
      ]);
    } finally {
      await required.close();
    }
  });
});

describe('passkeys', () => {
  it('auth.passkey.add and auth.passkey.remove name the passkey; a passkey sign-in writes auth.login.success (method passkey), a refused one auth.2fa.failure', async () => {
    const key = newAuthenticator();
    const post = (sender: Sender, url: string, payload: object) =>
      callAs(t, sender, { method: 'POST', url, payload });
    let sender = as('auth.passkey.add');
    const options = (await post(sender, '/auth/passkeys/options', {})).json().data;
    const added = await audited(() =>
      post(sender, '/auth/passkeys', { name: 'Laptop', response: key.register(options) }),
    );
    expect(added.result.statusCode, added.result.body).toBe(200);
    const id = added.result.json().data.id as number;
    expect(added.rows).toEqual([
      row(sender, {
        action: 'auth.passkey.add',
        entity: 'passkey',
        entityId: String(id),
        after: { name: 'Laptop', sessionsEnded: expect.any(Number) },
      }),
    ]);

    sender = as('passkey sign-in', { token: '' });
    const mine = { entity: 'admin', entityId: String(me.id) };
    const step = (
      await post(sender, '/auth/login', { identifier: 'admin', password: t.demo.admin.password })
    ).json().data as { adminId: number; tempToken: string };
    const assertion = async (tamper = {}) =>
      key.assert((await post(sender, '/auth/2fa/passkey/options', step)).json().data, tamper);
    const refused = await audited(async () =>
      post(sender, '/auth/2fa/passkey', { ...step, response: await assertion({ uv: false }) }),
    );
    expect(refused.result.statusCode).toBe(401);
    expect(refused.rows).toEqual([
      row(sender, {
        ...mine,
        action: 'auth.2fa.failure',
        reason: 'passkey',
        after: { problem: 'not_verified' },
      }),
    ]);
    const signedIn = await audited(async () =>
      post(sender, '/auth/2fa/passkey', { ...step, response: await assertion() }),
    );
    expect(signedIn.result.statusCode, signedIn.result.body).toBe(200);
    expect(signedIn.rows).toEqual([
      row(sender, {
        ...mine,
        action: 'auth.login.success',
        after: { method: 'passkey', family: expect.any(String) },
      }),
    ]);

    sender = as('auth.passkey.remove');
    const removed = await audited(() => callAs(t, sender, { method: 'DELETE', url: `/auth/passkeys/${id}` }));
    expect(removed.result.statusCode, removed.result.body).toBe(200);
    expect(removed.rows).toEqual([
      row(sender, {
        action: 'auth.passkey.remove',
        entity: 'passkey',
        entityId: String(id),
        before: { name: 'Laptop' },
        after: { sessionsEnded: expect.any(Number) },
      }),
    ]);
  });
});

describe('coverage', () => {
  it('every action of AUDIT_ACTIONS was written above or is tested where its writer lives', () => {
    const missing = AUDIT_ACTIONS.filter((a) => !exercised.has(a) && !(a in TESTED_ELSEWHERE));
    expect(missing).toEqual([]);
    expect([...exercised].filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });
});
