import { type Page } from '@playwright/test';
import { adminRequestResponseSchema, calls, paths, setAdminRolesResponseSchema } from '@manager/contract';
import { test, expect } from './support/test';
import { adminApi } from './support/api';
import { apiPath, createAdmin, pendingRequest, secondOwnerApi, signInWithCode } from './support/admins';
import { scan, summary } from './support/axe';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { stepUpPage } from './support/step-up';
import { listWithdrawals, pendingTon } from './support/transactions';
import { usersPage } from './support/users';
import { fillLogin } from './support/env';

test.describe('Settings: roles', { tag: '@settings' }, () => {
  // Roles in the console (docs/screens.md#roles, docs/security.md): each built-in demo admin sees
  // only what their roles may open and use; the API refuses the rest anyway.

  const DEMO_PASSWORD = 'admin12345';

  /**
   * The sidebar each demo role sees, written by hand from docs/security.md's table (not read from
   * the policy): its top-level entries, and the pages inside the groups named.
   */
  const MENUS: Record<string, { top: string[]; groups: Record<string, string[]> }> = {
    finance: {
      top: ['Home', 'Users', 'Transactions', 'Settings'],
      groups: { Users: ['User List'], Transactions: ['Deposits', 'Withdrawals', 'Inventory'] },
    },
    support: {
      top: ['Home', 'Users', 'Game', 'Transactions'],
      groups: { Users: ['User List', 'Stats'], Transactions: ['Deposits', 'Withdrawals'] },
    },
    content: {
      top: ['Home', 'Tasks', 'Marketplace', 'Shop', 'Mailing', 'Tournaments', 'Giveaways', 'Settings'],
      groups: { Shop: ['List', 'Orders', 'Loot Boxes'] },
    },
    auditor: {
      top: [
        'Home',
        'Users',
        'Tasks',
        'Marketplace',
        'Shop',
        'Game',
        'Transactions',
        'Mailing',
        'Tournaments',
        'Giveaways',
        'Settings',
        'Audit Log',
      ],
      groups: { Transactions: ['Deposits', 'Withdrawals', 'Inventory'] },
    },
  };

  async function signIn(page: Page, username: string) {
    await page.goto(paths.login);
    await fillLogin(page, username, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
  /** The sidebar's top-level entries as shown (groups closed: their titles alone). */
  const topEntries = (page: Page) => menu(page).locator('.ant-menu-root > li');

  /** Opens a sidebar group and reads the pages inside it. */
  async function groupEntries(page: Page, group: string): Promise<string[]> {
    const title = menu(page).getByRole('menuitem', { name: group, exact: true });
    await title.click();
    const list = menu(page).locator('.ant-menu-submenu-open .ant-menu-sub');
    await expect(list).toBeVisible();
    return list.locator('> li').allInnerTexts();
  }

  test.describe('the demo roles', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    for (const [username, expected] of Object.entries(MENUS)) {
      test(`${username} signs in and sees exactly their own menu`, async ({ page }) => {
        await signIn(page, username);
        await expect(topEntries(page)).toHaveText(expected.top);
        for (const [group, pages] of Object.entries(expected.groups)) {
          expect(await groupEntries(page, group), `${username}: ${group}`).toEqual(pages);
          await menu(page).getByRole('menuitem', { name: group, exact: true }).click();
        }
      });
    }

    test('support opens a player but is offered no balance Edit', async ({ page, request }) => {
      const { users } = await usersPage(await adminApi(request), 'page=1&limit=1');
      expect(users.length, 'seeded players').toBeGreaterThan(0);
      await signIn(page, 'support');
      await page.goto(paths.userDetail(users[0]!.telegramId));
      const balances = page.getByRole('region', { name: 'Balances' });
      await expect(balances.getByText('TON Balance')).toBeVisible();
      await expect(balances.getByRole('button')).toHaveCount(0);
      // The player's History is the audit trail, which Support may not read.
      await expect(page.getByRole('tab', { name: 'Account Info' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);
    });

    test('support sees the withdrawals read-only: rows, no Approve or Reject, no selection', async ({
      page,
    }) => {
      await signIn(page, 'support');
      await page.goto(`${paths.withdrawals}?status=pending`);
      await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
      const rows = page.locator('.ant-table-row');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count(), 'seeded pending withdrawals').toBeGreaterThan(0);
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: /^(Approve|Reject)/ })).toHaveCount(0);
      await expect(main.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await expect(main.getByRole('checkbox')).toHaveCount(0);
      await expect(main.getByRole('group', { name: 'Selected withdrawals' })).toHaveCount(0);
      // Exports are a right of their own (exports.run), which Support does not hold.
      await expect(main.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    });

    test('support at /settings: Access denied naming settings.read, and the way home works', async ({
      page,
    }) => {
      await signIn(page, 'support');
      await page.goto(paths.settings);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expect(main.getByText('settings.read', { exact: true })).toBeVisible();
      await expect(main).toContainText('See the global settings');
      await expect(main.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/settings$/);
      expect(summary(await scan(page, 'Access denied'))).toEqual([]);

      await main.getByRole('link', { name: 'Go to the dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      // The admin's own security stays open to them.
      await page.getByRole('button', { name: 'My security' }).click();
      await expect(page).toHaveURL(/\/settings\/security$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My security' })).toBeVisible();
      await expect(page.getByText('Two-Factor Authentication').first()).toBeVisible();
    });

    test.describe('at a phone width', () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

      test('Access denied is axe clean and fits the phone', async ({ page }) => {
        await signIn(page, 'support');
        await page.goto(paths.audit);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { name: 'Access denied' })).toBeVisible();
        await expect(main.getByText('audit.read', { exact: true })).toBeVisible();
        await expectNoHorizontalScroll(page);
        expect(summary(await scan(page, 'Access denied (phone)'))).toEqual([]);
      });
    });

    test('the palette of content offers no Users, and searches no players', async ({ page }) => {
      await signIn(page, 'content');
      let searched = false;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('/manager/users')) searched = true;
      });
      await page.getByRole('button', { name: 'Search' }).click();
      const dialog = page.getByRole('dialog');
      const input = page.getByRole('combobox', { name: 'Go to page or find a user' });
      await expect(input).toBeFocused();
      await expect(dialog.getByRole('option', { name: /Tasks › Task List/ })).toBeVisible();
      await expect(dialog.getByRole('option', { name: /^Users/ })).toHaveCount(0);
      await input.pressSequentially('user');
      await expect(dialog.getByRole('status')).toHaveText('0 pages, 0 players');
      await expect(dialog.getByRole('option')).toHaveCount(0);
      expect(searched).toBe(false);
    });

    test('finance approves a withdrawal end to end', async ({ page, request }) => {
      const api = await adminApi(request);
      // The last one: the transactions specs, which may run meanwhile, decide from the first.
      const w = await pendingTon(api, -1);
      await signIn(page, 'finance');
      await page.goto(`${paths.withdrawals}?status=all`);
      await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
      await stepUpPage(page, { method: 'password', password: DEMO_PASSWORD });
      await page.getByLabel('Search by username').fill(w.user!.username!);
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });
      await row.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve without transfer' });
      await dialog.getByRole('button', { name: 'Approve without transfer' }).click();
      await expect(toastWith(page, 'Withdrawal without transfer processed successfully')).toBeVisible();
      const decided = (await listWithdrawals(api)).find((x) => x.id === w.id);
      expect(decided?.status, 'approved in the database').toBeTruthy();
    });
  });

  test.describe('a role change reaches an open console', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('a Finance admin changed to Support: the next refusal hides what they may no longer open', async ({
      page,
      request,
    }) => {
      // An admin of the test's own (the demo `finance` stays as the other specs expect it).
      const owner = await adminApi(request);
      const secondOwner = await secondOwnerApi(request);
      const who = await createAdmin(request, owner, secondOwner, 'fin', ['finance']);
      await signInWithCode(page, who, await who.codes.next());

      const inventory = () => menu(page).getByRole('menuitem', { name: 'Inventory' });
      await menu(page).getByRole('menuitem', { name: 'Transactions', exact: true }).click();
      await expect(inventory()).toBeVisible();

      // An Owner takes Finance away (at once) and asks for Support, which the second Owner grants.
      await owner.put(
        apiPath(calls.setAdminRoles.path, who.id),
        { roles: ['support'] },
        setAdminRolesResponseSchema,
      );
      const grant = await pendingRequest(secondOwner, who.username);
      await secondOwner.post(
        apiPath(calls.approveAdminRequest.path, grant.id),
        {},
        adminRequestResponseSchema,
      );
      // The console does not know yet: it opens the page, whose list the API refuses.
      await inventory().click();
      // The refusal named inventory.read: the profile is read again and the page and menu follow.
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expect(main.getByText('inventory.read', { exact: true })).toBeVisible();
      await expect(inventory()).toHaveCount(0);
      // Support's menu now (Transactions stays open, with what Support may open in it).
      await expect(topEntries(page)).toHaveText(['Home', 'Users', 'Game', /^Transactions/]);
      await expect(menu(page).locator('.ant-menu-submenu-open .ant-menu-sub > li')).toHaveText([
        'Deposits',
        'Withdrawals',
      ]);
    });
  });
});
