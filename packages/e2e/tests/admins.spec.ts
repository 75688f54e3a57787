import type { Browser, Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import {
  adminsResponseSchema,
  calls,
  createRoleResponseSchema,
  inviteAdminResponseSchema,
  LAST_OWNER_MESSAGE,
  paths,
  profileResponseSchema,
} from '@manager/contract';
import { TOTP, Secret } from 'otpauth';
import { adminApi, apiAs } from './support/api';
import {
  apiPath,
  createAdmin,
  newUsername,
  NEW_ADMIN_PASSWORD,
  secondOwnerApi,
  signInApi,
  signInWithCode,
} from './support/admins';
import { answerConfirmModal, chooseOptions } from './support/antd';
import { scan, summary } from './support/axe';
import { ADMIN, ADMIN_2FA, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { usePrivateApi } from './support/private-api';
import { admin2faCodes, wrongCode } from './support/settings';
import { confirmItsYou } from './support/step-up';

test.describe('Settings: admins', { tag: '@settings' }, () => {
  /**
   * Administrators and their enrolment (docs/screens.md#administrators, #enrolment): the shared
   * session is `admin` (an Owner); `admin2fa`, the second Owner, decides in a browser of its own.
   * Every admin a test changes is one it made, so the demo admins stay as other specs expect.
   */

  const signedOut = { storageState: { cookies: [], origins: [] } };
  const SETUP_BUTTON = 'Set up account';

  /** A browser of its own for `work`, closed after it. */
  async function inContext<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
    const context = await browser.newContext(signedOut);
    try {
      return await work(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** The current code of an authenticator holding `secret`, as the new admin's app shows it. */
  const codeOf = (secret: string, stepOffset = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: Date.now() + stepOffset * 30_000,
    });

  /** Signs `admin2fa` in through the console with an authenticator code. */
  async function signInAsSecondOwner(page: Page, codes: ReturnType<typeof admin2faCodes>) {
    await page.goto('/login');
    await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
    await page.getByLabel('Authentication code').fill(await codes.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  const pendingItem = (page: Page, text: string) =>
    page.getByRole('region', { name: 'Awaiting approval' }).getByRole('listitem', { name: text });
  const adminRow = (page: Page, username: string) =>
    page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });

  /** The admin's row, found as an Owner finds one among many (the test admins fill a page): by search. */
  async function findAdminRow(page: Page, username: string) {
    await page.getByRole('searchbox', { name: 'Search administrators' }).fill(username);
    return adminRow(page, username);
  }

  test.describe('Administrators', () => {
    test('an invite goes end to end: the link, a second Owner approves, password and authenticator, first sign-in', async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000);
      const username = newUsername('invitee');
      await page.goto(paths.admins);
      await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
      await page.getByRole('button', { name: 'Invite administrator' }).click();
      const drawer = page.getByRole('dialog', { name: 'Invite administrator' });
      await drawer.getByRole('button', { name: 'Create invitation' }).click();
      await expect(drawer.getByText('Please enter a username or an e-mail address')).toBeVisible();
      await expect(drawer.getByText('Please choose at least one role')).toBeVisible();

      // An e-mail: its local part becomes the username.
      await drawer.getByLabel('Username or e-mail').fill(`${username}@example.com`);
      await chooseOptions(drawer, 'Roles', ['Support']);
      await drawer.getByRole('button', { name: 'Create invitation' }).click();
      await expect(toastWith(page, 'Invitation created')).toBeVisible();
      await expect(drawer).toContainText(`Invitation created for ${username}`);
      const link = await drawer.getByLabel('Enrolment link').inputValue();
      expect(link).toMatch(/\/enrol\/[A-Za-z0-9_-]{43}$/);
      await expect(drawer).toContainText(/Expires \w{3} \d{1,2}, \d{4} \d{2}:\d{2}/);
      await expect(drawer).toContainText("Waiting for a second Owner's approval");
      await drawer.getByRole('button', { name: 'Done' }).click();
      await expect(drawer).toBeHidden();

      // Invited, no roles yet; the grant is admin's own request: no Approve for them.
      const row = await findAdminRow(page, username);
      await expect(row).toContainText('Invited');
      await expect(row).toContainText('No roles');
      await expect(row).toContainText(`${username}@example.com`);
      const grant = pendingItem(page, `Grant Support to ${username}`);
      await expect(grant).toContainText('Requested by you');
      await expect(grant.getByRole('button', { name: /Approve/ })).toHaveCount(0);

      // The second Owner approves it in a browser of their own, after "Confirm it's you".
      await inContext(browser, async (second) => {
        const codes = admin2faCodes();
        await signInAsSecondOwner(second, codes);
        await second.goto(paths.admins);
        const theirs = pendingItem(second, `Grant Support to ${username}`);
        await expect(theirs).toContainText(`Requested by ${ADMIN.username}`);
        await theirs.getByRole('button', { name: `Approve: Grant Support to ${username}` }).click();
        await confirmItsYou(second, { code: await codes.next() });
        await expect(toastWith(second, 'Request approved')).toBeVisible();
        await expect(theirs).toHaveCount(0);
        await expect(await findAdminRow(second, username)).toContainText('Support');
      });

      // The new admin opens the link: no session, their password twice and their authenticator.
      await inContext(browser, async (newcomer) => {
        await newcomer.goto(new URL(link).pathname);
        await expect(newcomer.getByText(`Set up the account ${username}`)).toBeVisible();
        await expect(newcomer.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
        const secret = await newcomer.getByLabel('Secret key', { exact: true }).inputValue();
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

        await newcomer.getByLabel('Password', { exact: true }).fill('too-short');
        await newcomer.getByLabel('Confirm password').fill('too-shorter');
        await newcomer.getByRole('button', { name: SETUP_BUTTON }).click();
        await expect(newcomer.getByText('The password must be at least 12 characters long.')).toBeVisible();
        await expect(newcomer.getByText('The two passwords differ.')).toBeVisible();
        await expect(newcomer.getByText('Please enter a 6-digit code')).toBeVisible();

        await newcomer.getByLabel('Password', { exact: true }).fill(NEW_ADMIN_PASSWORD);
        await newcomer.getByLabel('Confirm password').fill(NEW_ADMIN_PASSWORD);
        // A wrong code: the API refuses it, nothing is saved and the link still works.
        await newcomer.getByLabel('Verification Code').fill(wrongCode(secret));
        await newcomer.getByRole('button', { name: SETUP_BUTTON }).click();
        await expect(newcomer.getByRole('alert')).toContainText('Invalid verification code');
        await expect(newcomer.getByRole('button', { name: SETUP_BUTTON })).toBeEnabled();

        await newcomer.getByLabel('Verification Code').fill(codeOf(secret));
        await newcomer.getByRole('button', { name: SETUP_BUTTON }).click();
        await expect(newcomer.getByText('Your account is ready')).toBeVisible();

        // The link is spent: opening it again says so, with the way to sign in.
        await newcomer.goto(new URL(link).pathname);
        await expect(newcomer.getByText('This link has expired or was already used')).toBeVisible();
        await newcomer.getByRole('link', { name: 'Go to sign in' }).click();
        await expect(newcomer).toHaveURL(/\/login$/);

        // The first sign-in: password, then a code of the next step (the enrolment's is spent).
        await signInWithCode(newcomer, { username, password: NEW_ADMIN_PASSWORD }, codeOf(secret, 1));
        const token = await newcomer.evaluate(() => localStorage.getItem('accessToken'));
        const profile = await apiAs(newcomer.request, token).get('/auth/profile', profileResponseSchema);
        expect(profile.roles?.map((r) => r.name)).toEqual(['Support']);
        // Support's menu: players, read-only (the API answers their list).
        await newcomer.getByRole('menuitem', { name: 'Users', exact: true }).click();
        await newcomer.getByRole('menuitem', { name: 'User List' }).click();
        await expect(newcomer.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
        await expect(newcomer.getByText('Showing 1 to')).toBeVisible();
      });

      // admin's list now shows them active, with their authenticator.
      await page.reload();
      await expect(row).toContainText('Active');
      await expect(row).toContainText('Authenticator');
    });

    test('a role grant waits for a second Owner: then the admin can read what the role gives', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const owner = await adminApi(request);
      const second = await secondOwnerApi(request);
      const editor = await createAdmin(request, owner, second, 'editor', ['content']);
      // Content alone may not read players.
      const before = await signInApi(request, editor, editor.codes);
      expect((await before.send('GET', '/manager/users?page=1&limit=5')).status()).toBe(403);

      await page.goto(paths.admins);
      const row = await findAdminRow(page, editor.username);
      await expect(row).toContainText('Content');
      await row.getByRole('button', { name: `Change roles of ${editor.username}` }).click();
      const dialog = page.getByRole('dialog', { name: `Change roles of ${editor.username}` });
      await chooseOptions(dialog, 'Roles', ['Support']);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toastWith(page, 'Role change sent for approval')).toBeVisible();
      await expect(dialog).toBeHidden();
      // Not granted yet: the row still says Content alone, the request waits.
      await expect(row).not.toContainText('Support');
      await expect(pendingItem(page, `Grant Support to ${editor.username}`)).toContainText(
        'Requested by you',
      );
      expect((await before.send('GET', '/manager/users?page=1&limit=5')).status()).toBe(403);

      await inContext(browser, async (other) => {
        const codes = admin2faCodes();
        await signInAsSecondOwner(other, codes);
        await other.goto(paths.admins);
        const item = pendingItem(other, `Grant Support to ${editor.username}`);
        await item.getByRole('button', { name: `Approve: Grant Support to ${editor.username}` }).click();
        await confirmItsYou(other, { code: await codes.next() });
        await expect(toastWith(other, 'Request approved')).toBeVisible();
      });

      await page.reload();
      await expect(row).toContainText('Support');
      await expect(row).toContainText('Content');
      // Signing in again, the editor reads players in the console.
      await inContext(browser, async (theirs) => {
        await signInWithCode(theirs, editor, await editor.codes.next());
        await theirs.goto(paths.usersList);
        await expect(theirs.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
        await expect(theirs.getByText('Showing 1 to')).toBeVisible();
      });
    });

    test('disabling an admin signs their open console out at its next action', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const target = await createAdmin(
        request,
        await adminApi(request),
        await secondOwnerApi(request),
        'leaver',
        ['support'],
      );
      const theirs = await browser.newContext(signedOut);
      try {
        const their = await theirs.newPage();
        await signInWithCode(their, target, await target.codes.next());
        await their.goto(paths.usersList);
        await expect(their.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

        await page.goto(paths.admins);
        const row = await findAdminRow(page, target.username);
        await row.getByRole('button', { name: `Disable ${target.username}` }).click();
        await answerConfirmModal(page, `Disable ${target.username}?`, 'Disable');
        await expect(toastWith(page, `${target.username} is disabled`)).toBeVisible();
        await expect(row).toContainText('Disabled');
        await expect(row.getByRole('button', { name: `Enable ${target.username}` })).toBeVisible();

        // Their console's next call (an action, or the counters' refresh every 5 s) is refused,
        // the refresh token is gone too, and the console returns to the sign-in page.
        await expect(their).toHaveURL(/\/login$/);
        // And the password no longer opens a session (the same answer as wrong credentials).
        await fillLogin(their, target.username, target.password);
        await expect(their.getByRole('alert')).toBeVisible();
        await expect(their).toHaveURL(/\/login$/);
      } finally {
        await theirs.close();
      }

      // Enabling is a request for a second Owner.
      await page.getByRole('button', { name: `Enable ${target.username}` }).click();
      await answerConfirmModal(page, `Ask to enable ${target.username}?`, 'Enable');
      await expect(toastWith(page, 'Enabling sent for approval')).toBeVisible();
      await expect(pendingItem(page, `Enable ${target.username}`)).toContainText('Requested by you');
    });

    test('axe finds nothing serious on /admins and the enrolment page, at desktop and phone width', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const invite = await (
        await adminApi(request)
      ).post(
        apiPath(calls.inviteAdmin.path),
        { login: newUsername('axe'), roles: ['auditor'] },
        inviteAdminResponseSchema,
      );
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(paths.admins);
        await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
        await page.getByRole('searchbox', { name: 'Search administrators' }).fill(invite.admin.username);
        await expect(page.getByText(invite.admin.username).first()).toBeVisible();
        // The search, once written, enables Clear Filters; its colour fades in from the disabled
        // grey, and a scan started before that fade began reads the contrast mid-way.
        await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeEnabled();
        await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
        if (viewport.width === 390) {
          await expect(
            page.getByRole('listitem', { name: invite.admin.username, exact: true }),
          ).toBeVisible();
          await expectNoHorizontalScroll(page);
        }
        expect(summary(await scan(page, `/admins at ${viewport.width}px`))).toEqual([]);

        await inContext(browser, async (visitor) => {
          await visitor.setViewportSize(viewport);
          await visitor.goto(new URL(invite.link, 'http://x').pathname);
          await expect(visitor.getByRole('button', { name: SETUP_BUTTON })).toBeVisible();
          await expect(
            visitor.getByRole('img', { name: 'QR code for your authenticator app' }),
          ).toBeVisible();
          if (viewport.width === 390) await expectNoHorizontalScroll(visitor);
          expect(summary(await scan(visitor, `enrolment at ${viewport.width}px`))).toEqual([]);
          await visitor.goto('/enrol/not-a-real-link-token');
          await expect(visitor.getByText('This link has expired or was already used')).toBeVisible();
          expect(summary(await scan(visitor, `spent enrolment link at ${viewport.width}px`))).toEqual([]);
        });
      }
    });
  });

  test.describe('the last Owner', stackOnly('an API of its own: it disables every other Owner'), () => {
    // Disabling the other Owner would change the run's shared demo admins: an API of its own.
    const api = usePrivateApi();

    test('cannot be disabled: the API says so and nothing changes', async ({ page, request }) => {
      test.setTimeout(300_000);
      const owner = await signInApi(request, ADMIN, undefined, api.url);
      const second = await secondOwnerApi(request, api.url);
      // A keeper may manage admins through a custom role, without being an Owner.
      const { role } = await owner.post(
        apiPath(calls.createAdminRole.path),
        { name: 'Keepers', permissions: ['admins.manage', 'dashboard.read'] },
        createRoleResponseSchema,
      );
      const keeper = await createAdmin(request, owner, second, 'keeper', [role.id], api.url);
      // Every other Owner disabled (the demo ones and the test ones): ADMIN is the last active Owner.
      const { items } = await owner.get(apiPath(calls.admins.path), adminsResponseSchema);
      const others = items.filter(
        (a) =>
          a.username !== ADMIN.username && a.status === 'active' && a.roles.some((r) => r.id === 'owner'),
      );
      expect(others.map((a) => a.username)).toContain(ADMIN_2FA.username);
      for (const other of others)
        expect((await owner.send('POST', apiPath(calls.disableAdmin.path, other.id))).status()).toBe(200);

      await signInWithCode(page, keeper, await keeper.codes.next());
      await page.goto(paths.admins);
      const row = await findAdminRow(page, ADMIN.username);
      // The first load of the area on a busy machine: more time than a step.
      await expect(row).toContainText('Owner', { timeout: 30_000 });
      await row.getByRole('button', { name: `Disable ${ADMIN.username}` }).click();
      await answerConfirmModal(page, `Disable ${ADMIN.username}?`, 'Disable');
      await expect(toastWith(page, LAST_OWNER_MESSAGE)).toBeVisible();
      await expect(row).toContainText('Active');
      const after = await owner.get(apiPath(calls.admins.path), adminsResponseSchema);
      expect(after.items.find((a) => a.username === ADMIN.username)?.status).toBe('active');
    });
  });
});
