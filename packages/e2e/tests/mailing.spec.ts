import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/test';
import {
  auditResponseSchema,
  mailingRecipientsResponseSchema,
  mailingsResponseSchema,
  type Mailing,
} from '@manager/contract';
import { adminApi, dataOf } from './support/api';
import { confirmPopconfirm } from './support/antd';
import { scan, summary } from './support/axe';
import { API, API_KEY_HEADERS } from './support/env';
import { PNG_1PX, png, TEXT_FILE } from './support/fixtures';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { stepUpPage } from './support/step-up';

test.describe('Engagement: mailing', { tag: '@engagement' }, () => {
  const LINK = 'https://t.me/manager_game_bot/app';
  const uniqueText = (what: string) =>
    `E2E ${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)} weekend tournament starts soon`;

  /** A waiting mailing of this test's own, made through the API (multipart, with an image). */
  async function newMailing(request: APIRequestContext, message: string): Promise<Mailing> {
    const { token } = await adminApi(request);
    const res = await request.post(`${API}/manager/mailing`, {
      headers: { ...API_KEY_HEADERS, authorization: `Bearer ${token}` },
      multipart: {
        message,
        buttonText: 'Play now',
        buttonLink: LINK,
        image: { name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1PX },
      },
    });
    return dataOf(res, { parse: (d: unknown) => d as Mailing });
  }

  /** The mailing as the API lists it now (the whole list: the test's own row may be anywhere). */
  async function mailingNow(request: APIRequestContext, id: number): Promise<Mailing | undefined> {
    const { mailings } = await (await adminApi(request)).get('/manager/mailing', mailingsResponseSchema);
    return mailings.find((m) => m.id === id);
  }

  // A loaded machine runs these slowly: each does several round trips through the console and the API.
  test.describe.configure({ timeout: 180_000 });
  /** The console's first paint of /mailing (shell, remote, list) on such a machine. */
  const FIRST_LOAD = { timeout: 60_000 };

  const rowOf = (page: Page, message: string) =>
    page.getByRole('row').filter({ hasText: `${message.slice(0, 50)}...` });

  test('create a message with the form rules; Start asks with the count and the preview: Cancel sends nothing, Confirm delivers to every player', async ({
    page,
    request,
  }) => {
    // The first line fills the list's 50 characters; the line break is part of the message players see.
    const message = `${uniqueText('start')}, join the fun\nand win gifts every hour`;

    await page.goto('/mailing');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailing' })).toBeVisible(FIRST_LOAD);
    // Starting a mailing reaches every player: the page's session steps up first.
    await stepUpPage(page);
    for (const header of ['Date', 'Message', 'Recipients', 'Status', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();

    await page.getByRole('button', { name: 'New Message' }).click();
    const modal = page.getByRole('dialog', { name: 'New Message' });
    await expect(modal.getByText('Max file size: 10MB')).toBeVisible();
    await modal.getByLabel('Message').fill('   ');
    await modal.getByRole('button', { name: 'Create Message' }).click();
    await expect(modal.getByText('Message is required')).toBeVisible();
    await expect(modal.getByText('Button text is required')).toBeVisible();
    await expect(modal.getByText('Button link is required')).toBeVisible();
    await modal.getByLabel('Message').fill(message);
    await modal.getByLabel('Button Text').fill('Play now');
    // The link goes out to players: only http(s), never a script.
    await modal.getByLabel('Button Link').fill('javascript:alert(document.cookie)');
    await modal.getByRole('button', { name: 'Create Message' }).click();
    await expect(modal.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
    await modal.getByLabel('Button Link').fill(LINK);
    await modal.getByLabel('Image (optional)').setInputFiles(TEXT_FILE);
    await expect(modal.getByText('Please select a valid image file')).toBeVisible();
    await modal.getByLabel('Image (optional)').setInputFiles(png());
    await modal.getByRole('button', { name: 'Create Message' }).click();
    await expect(page.getByText('Message created successfully!')).toBeVisible();

    // The list shows the first 50 characters only.
    const row = rowOf(page, message);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Waiting', exact: true })).toBeVisible();
    const id = Number(
      (await row.getByRole('button', { name: /^Start mailing/ }).getAttribute('aria-label'))!
        .split(' ')
        .pop(),
    );

    // Start asks first: the players the API counts, and the message as a player sees it.
    const api = await adminApi(request);
    const { recipients } = await api.get(
      `/manager/mailing/${id}/recipients`,
      mailingRecipientsResponseSchema,
    );
    expect(recipients, 'seeded players').toBeGreaterThan(0);
    await row.getByRole('button', { name: /^Start mailing/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Start Mailing' });
    await expect(confirm.getByText(`This message will be sent to ${recipients} players.`)).toBeVisible();
    const preview = confirm.getByRole('figure', { name: 'Message preview' });
    // The text as typed, line break included, laid out as Telegram does (pre-wrap).
    const text = preview.locator('.ant-typography').first();
    // A browser sends a form's line breaks as CRLF (multipart/form-data), and the API stores them so.
    expect((await text.textContent())?.replace(/\r\n/g, '\n')).toBe(message);
    await expect(text).toHaveCSS('white-space', 'pre-wrap');
    await expect(preview.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', LINK);
    await expect(preview.getByRole('img', { name: 'Mailing image' })).toBeVisible();
    await expect(preview.getByText(`Button opens ${LINK}`)).toBeVisible();

    // Cancel changes nothing: still waiting, nobody counted or reached.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('cell', { name: 'Waiting', exact: true })).toBeVisible();
    expect(await mailingNow(request, id)).toMatchObject({ status: 'waiting', recipients: 0, delivered: 0 });

    // Confirm starts it.
    await row.getByRole('button', { name: /^Start mailing/ }).click();
    await expect(confirm.getByText(`This message will be sent to ${recipients} players.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Mailing started successfully!')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('cell', { name: 'Done', exact: true })).toBeVisible({ timeout: 30_000 });
    const done = (await mailingNow(request, id))!;
    expect(done.recipients).toBeGreaterThanOrEqual(recipients);
    await expect(row.getByRole('cell', { name: String(done.recipients), exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Start mailing/ })).toHaveCount(0);
    // A started mailing can no longer be edited, deleted or tested from the list.
    for (const action of ['Edit mailing', 'Delete mailing', 'Send test of mailing'])
      await expect(row.getByRole('button', { name: new RegExp(`^${action}`) })).toHaveCount(0);

    await row.getByRole('button', { name: /^Details of mailing/ }).click();
    const details = page.getByRole('dialog', { name: 'Mailing Details' });
    await expect(details).toContainText('and win gifts every hour');
    await expect(details).toContainText(LINK);
    await expect(details.getByRole('img', { name: 'Mailing image' })).toBeVisible();
    // Delivery progress: every player reached, none refused.
    await expect(details.getByText(`${done.recipients} / ${done.recipients}`, { exact: true })).toBeVisible();
  });

  test('a waiting draft is edited, then deleted after a confirmation', async ({ page, request }) => {
    const message = uniqueText('edit');
    const mailing = await newMailing(request, message);
    await page.goto('/mailing');
    const row = rowOf(page, message);
    await expect(row).toHaveCount(1, FIRST_LOAD);

    await row.getByRole('button', { name: `Edit mailing ${mailing.id}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Message' });
    await expect(form.getByLabel('Message')).toHaveValue(message);
    await expect(form.getByLabel('Button Link')).toHaveValue(LINK);
    await expect(form.getByRole('img', { name: 'Image (optional) preview' })).toBeVisible();
    await form.getByLabel('Button Text').fill('  ');
    await form.getByRole('button', { name: 'Save Message' }).click();
    await expect(form.getByText('Button text is required')).toBeVisible();
    const edited = `${uniqueText('edited')} with new prizes for everyone`;
    await form.getByLabel('Message').fill(edited);
    await form.getByLabel('Button Text').fill('Join');
    await form.getByRole('button', { name: 'Save Message' }).click();
    await expect(toastWith(page, 'Message updated successfully!')).toBeVisible();
    await expect(form).toBeHidden();
    const editedRow = rowOf(page, edited);
    await expect(editedRow).toHaveCount(1);
    await expect(rowOf(page, message)).toHaveCount(0);
    expect(await mailingNow(request, mailing.id)).toMatchObject({
      message: edited,
      buttonText: 'Join',
      buttonLink: LINK,
      mediaLink: mailing.mediaLink,
      status: 'waiting',
    });

    // Delete asks first; its Cancel keeps the row.
    await editedRow.getByRole('button', { name: `Delete mailing ${mailing.id}` }).click();
    const question = page
      .getByRole('tooltip')
      .filter({ hasText: 'Are you sure you want to delete this message?' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    expect(await mailingNow(request, mailing.id)).toBeDefined();
    await editedRow.getByRole('button', { name: `Delete mailing ${mailing.id}` }).click();
    await confirmPopconfirm(page, 'Are you sure you want to delete this message?');
    await expect(toastWith(page, 'Message deleted successfully!')).toBeVisible();
    await expect(editedRow).toHaveCount(0);
    expect(await mailingNow(request, mailing.id)).toBeUndefined();
  });

  test('Send test delivers the message to a typed Telegram id: the mailing stays waiting', async ({
    page,
    request,
  }) => {
    const message = uniqueText('test');
    const mailing = await newMailing(request, message);
    await page.goto('/mailing');
    const row = rowOf(page, message);
    await expect(row).toHaveCount(1, FIRST_LOAD);
    await row.getByRole('button', { name: `Send test of mailing ${mailing.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Test Message' });
    const send = dialog.getByRole('button', { name: 'Send test' });
    await send.click();
    await expect(dialog.getByText('Please enter a Telegram ID')).toBeVisible();
    for (const bad of ['abc', '0', '-5', '12.5']) {
      await dialog.getByLabel('Telegram ID').fill(bad);
      await send.click();
      await expect(dialog.getByText('Telegram ID must be a positive whole number')).toBeVisible();
    }
    const telegramId = 100000000 + Math.floor(Math.random() * 800000000);
    await dialog.getByLabel('Telegram ID').fill(String(telegramId));
    await send.click();
    await expect(toastWith(page, `Test message sent to ${telegramId}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Sent through the delivery port and audited; the mailing's status and counts are untouched.
    expect(await mailingNow(request, mailing.id)).toMatchObject({
      status: 'waiting',
      recipients: 0,
      delivered: 0,
      failed: 0,
    });
    await expect(row.getByRole('cell', { name: 'Waiting', exact: true })).toBeVisible();
    const audit = await (
      await adminApi(request)
    ).get(
      `/manager/audit?action=mailing.test&entityType=mailing&entityId=${mailing.id}`,
      auditResponseSchema,
    );
    expect(audit.entries.map((e) => e.after)).toEqual([{ telegramId, delivered: true }]);
  });

  /** Desktop: the table's row; phone (below antd's md, 768px): the card, and no table. */
  const LAYOUTS = [
    {
      width: 1280,
      height: 800,
      tables: 1,
      item: (page: Page, _id: number, message: string) => rowOf(page, message),
    },
    {
      width: 390,
      height: 844,
      tables: 0,
      item: (page: Page, id: number) => page.getByRole('listitem', { name: `Mailing ${id}` }),
    },
  ];

  for (const { width, height, tables, item } of LAYOUTS) {
    test(`mailing at ${width}px: the list, the Start confirmation and Send test pass axe`, async ({
      page,
      request,
    }) => {
      const message = uniqueText(`axe ${width}`);
      const mailing = await newMailing(request, message);
      const { recipients } = await (
        await adminApi(request)
      ).get(`/manager/mailing/${mailing.id}/recipients`, mailingRecipientsResponseSchema);
      await page.setViewportSize({ width, height });
      await page.goto('/mailing');
      await expect(page.getByRole('button', { name: 'New Message' })).toBeVisible(FIRST_LOAD);
      const shown = item(page, mailing.id, message);
      await expect(shown).toContainText('Waiting');
      await expect(page.getByRole('table')).toHaveCount(tables);
      const start = shown.getByRole('button', { name: `Start mailing ${mailing.id}` });
      await expect(start).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(summary(await scan(page, `/mailing at ${width}px`))).toEqual([]);

      await start.click();
      const confirm = page.getByRole('dialog', { name: 'Start Mailing' });
      await expect(confirm.getByText(`This message will be sent to ${recipients} players.`)).toBeVisible();
      await expect(confirm.getByRole('figure', { name: 'Message preview' })).toBeVisible();
      expect(summary(await scan(page, `Start Mailing at ${width}px`, '.ant-modal'))).toEqual([]);
      await expectNoHorizontalScroll(page);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      await shown.getByRole('button', { name: `Send test of mailing ${mailing.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Test Message' });
      await expect(dialog.getByLabel('Telegram ID')).toBeVisible();
      expect(summary(await scan(page, `Send Test Message at ${width}px`, '.ant-modal'))).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await mailingNow(request, mailing.id)).toMatchObject({ status: 'waiting', recipients: 0 });
    });
  }

  test('mailing list kit: Recipients sorts as the API does; Clear Filters goes back to newest first', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const pageOf = async (sort: string) => {
      const answer = await api.get(`/manager/mailing?page=1&limit=20&sort=${sort}`, mailingsResponseSchema);
      expect(answer.pagination, 'asked for a page, the API answered one').toBeDefined();
      return answer.mailings.map((m) => String(m.recipients));
    };
    // The Recipients column (Date, Message, Recipients, ...).
    const recipients = () => page.locator('tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
    await page.goto('/mailing');
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await expect(clear).toBeDisabled();
    const header = page.getByRole('columnheader', { name: 'Recipients' });
    // One click at a time: the second must land on the header the first one re-rendered.
    await header.click();
    await expect(page).toHaveURL(/\/mailing\?sort=recipients$/);
    await header.click();
    await expect(page).toHaveURL(/\/mailing\?sort=-recipients$/);
    const descending = await pageOf('-recipients');
    expect(new Set(descending).size, 'seeded mailings with different recipient counts').toBeGreaterThan(1);
    await expect(async () => expect(await recipients()).toEqual(descending)).toPass();
    await clear.click();
    await expect(page).toHaveURL(/\/mailing$/);
    await expect(async () => expect(await recipients()).toEqual(await pageOf('-createdAt'))).toPass();
    await expect(clear).toBeDisabled();
  });
});
