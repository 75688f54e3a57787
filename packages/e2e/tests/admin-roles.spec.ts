import type { Page } from '@playwright/test';
import { adminRolesResponseSchema, calls, paths } from '@manager/contract';
import { test, expect } from './support/test';
import { adminApi, type Api } from './support/api';
import { apiPath, createAdmin, secondOwnerApi, signInWithCode } from './support/admins';
import { selectDropdown } from './support/antd';
import { scan, summary } from './support/axe';
import { expectNoHorizontalScroll, toastWith } from './support/page';

test.describe('Settings: admin-roles', { tag: '@settings' }, () => {
  /**
   * Custom roles in the console (docs/screens.md#administrators): an Owner (the shared
   * session, `admin`) composes one from the catalogue on /admins; an admin holding it sees
   * exactly the menu its permissions give. Each run names its role anew.
   */

  const signedOut = { storageState: { cookies: [], origins: [] } };

  /** The permissions the role is made of, as the catalogue describes them, and the menu they open. */
  const CHOSEN = [
    { name: 'dashboard.read', line: 'Dashboard: See the dashboard and the top bar figures' },
    { name: 'tasks.read', line: 'Tasks: See tasks' },
    { name: 'mailing.read', line: 'Mailing: See mailings and their recipients' },
  ];
  const MENU = ['Home', 'Tasks', 'Mailing'];

  const rolesRegion = (page: Page) => page.getByRole('region', { name: 'Roles' });
  const permissionBox = (page: Page, name: string) =>
    page.getByRole('dialog').getByRole('checkbox', { name: new RegExp(`${name.replace('.', '\\.')}$`) });

  async function roleNames(api: Api) {
    const { items } = await api.get(apiPath(calls.adminRoles.path), adminRolesResponseSchema);
    return items;
  }

  /** Opens /admins and the New role panel, waiting for the page to settle. */
  async function openNewRole(page: Page) {
    await page.goto(paths.admins);
    await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
    await expect(rolesRegion(page).getByRole('listitem', { name: 'Owner', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await rolesRegion(page).getByRole('button', { name: 'New role' }).click();
    const drawer = page.getByRole('dialog', { name: 'New role' });
    await expect(drawer.getByRole('checkbox', { name: /pii\.reveal/ })).toBeVisible();
    return drawer;
  }

  test.describe('custom roles', () => {
    test('bad input says what is missing and creates nothing; axe finds nothing serious with the panel open', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const api = await adminApi(request);
      const before = await roleNames(api);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        const drawer = await openNewRole(page);
        await drawer.getByRole('button', { name: 'Create role' }).click();
        await expect(drawer.getByText('Please enter a role name')).toBeVisible();
        await expect(drawer.getByText('Choose at least one permission')).toBeVisible();
        await drawer.getByLabel('Role name').fill('   ');
        await drawer.getByRole('button', { name: 'Create role' }).click();
        await expect(drawer.getByText('Please enter a role name')).toBeVisible();
        await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
        if (viewport.width === 390) await expectNoHorizontalScroll(page);
        expect(summary(await scan(page, `/admins New role at ${viewport.width}px`))).toEqual([]);
        await drawer.getByRole('button', { name: 'Close' }).click();
        await expect(drawer).toBeHidden();
        if (viewport.width === 390) {
          await expect(
            rolesRegion(page).getByRole('listitem', { name: 'Finance', exact: true }),
          ).toBeVisible();
          await expectNoHorizontalScroll(page);
        }
        expect(summary(await scan(page, `/admins at ${viewport.width}px`))).toEqual([]);
      }
      expect(await roleNames(api)).toEqual(before);
    });

    test('an Owner composes a role; it is listed in words, offered at once, and its holder sees exactly its menu', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      const roleName = `Readers ${Date.now().toString(36)}`;
      const drawer = await openNewRole(page);
      await drawer.getByLabel('Role name').fill(roleName);
      for (const p of CHOSEN) await permissionBox(page, p.name).check();
      await drawer.getByRole('button', { name: 'Create role' }).click();
      await expect(toastWith(page, 'Role created')).toBeVisible();
      await expect(drawer).toBeHidden();

      const item = rolesRegion(page).getByRole('listitem', { name: roleName, exact: true });
      await expect(item).toContainText('Custom');
      const lines = item.getByRole('list', { name: `Permissions of ${roleName}` }).getByRole('listitem');
      await expect(lines).toHaveText(CHOSEN.map((p) => p.line));

      // Offered by the invite's roles picker without a reload.
      await page.getByRole('button', { name: 'Invite administrator' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite administrator' });
      await invite.getByLabel('Roles', { exact: true }).click();
      await expect(selectDropdown(page).getByTitle(roleName, { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');

      const owner = await adminApi(request);
      const role = (await roleNames(owner)).find((r) => r.name === roleName);
      expect(role, `${roleName} in GET /admins/roles`).toBeDefined();
      expect(role!.builtIn).toBe(false);
      expect([...role!.permissions].sort()).toEqual(CHOSEN.map((p) => p.name).sort());
      const holder = await createAdmin(request, owner, await secondOwnerApi(request), 'reader', [role!.id]);

      const context = await browser.newContext(signedOut);
      try {
        const newcomer = await context.newPage();
        await signInWithCode(newcomer, holder, await holder.codes.next());
        const menu = newcomer.getByRole('navigation', { name: 'Main menu' });
        await expect(menu.locator('.ant-menu-root > li')).toHaveText(MENU);
        // Tasks to read, not to write: no Add New Task, and the address does not open it either.
        await newcomer.goto(`${paths.tasksList}?new=task`);
        await expect(newcomer.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
        await expect(newcomer).toHaveURL(new RegExp(`${paths.tasksList}$`));
        await expect(newcomer.getByRole('button', { name: 'Add New Task' })).toHaveCount(0);
        await expect(newcomer.getByRole('dialog')).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  });
});
