import { test, expect } from './support/test';
import { EVENTS_PATH, taskResponseSchema, tasksResponseSchema } from '@manager/contract';
import { chooseOption, confirmPopconfirm } from './support/antd';
import { adminApi, apiAs, login } from './support/api';
import { DEMO_ADMIN } from './support/env';
import { dataRows, wholeList } from './support/engagement';
import { png, TEXT_FILE, unique } from './support/fixtures';
import { expectNoHorizontalScroll } from './support/page';
import { scan, summary } from './support/axe';
import { stepUpApi, stepUpPage } from './support/step-up';

test.describe('Engagement: tasks', { tag: '@engagement' }, () => {
  test('tasks list: cards from the seeded tasks, filters and pagination', async ({ page, request }) => {
    const tasks = wholeList(await (await adminApi(request)).get('/manager/tasks', tasksResponseSchema));
    await page.goto('/tasks/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(page.getByText('Manage and monitor task completion')).toBeVisible();
    const active = tasks.filter((t) => t.status).length;
    await expect(page.getByRole('group', { name: 'Total Tasks' })).toContainText(String(tasks.length));
    await expect(page.getByRole('group', { name: 'Active', exact: true })).toContainText(String(active));
    await expect(page.getByRole('group', { name: 'Inactive' })).toContainText(String(tasks.length - active));
    await expect(page.getByRole('group', { name: 'Total Completions' })).toContainText(
      String(tasks.reduce((s, t) => s + t.completed, 0)),
    );

    // 10 a page.
    await expect(page.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`Showing 1 to 10 of ${tasks.length} results`)).toBeVisible();

    await chooseOption(page, 'Category filter', 'In Game');
    const inGame = tasks.filter((t) => t.category === 'In Game');
    await expect(page.getByText(`Showing 1 to 10 of ${inGame.length} results`)).toBeVisible();
    await chooseOption(page, 'Status filter', 'Inactive');
    const inactiveInGame = inGame.filter((t) => !t.status).length;
    expect(inactiveInGame, 'seeded inactive In Game tasks').toBeGreaterThan(0);
    const rows = dataRows(page);
    await expect(rows).toHaveCount(Math.min(10, inactiveInGame));
    for (const row of await rows.all()) {
      await expect(row).toContainText('In Game');
      await expect(row).toContainText('Inactive');
    }
    await page.getByLabel('Search tasks').fill('zzz-no-such-task');
    await expect(page.getByText('No tasks found')).toBeVisible();
  });

  test('tasks list: filters, page and search in the URL; a reload keeps the view, Back steps back', async ({
    page,
    request,
  }) => {
    const tasks = wholeList(await (await adminApi(request)).get('/manager/tasks', tasksResponseSchema));
    const inGame = tasks.filter((t) => t.category === 'In Game').length;
    expect(inGame, 'more seeded In Game tasks than one page').toBeGreaterThan(10);
    const showing = (from: number, of: number) =>
      page.getByText(`Showing ${from} to ${Math.min(from + 9, of)} of ${of} results`);

    await page.goto('/tasks/list');
    await expect(showing(1, tasks.length)).toBeVisible();
    await chooseOption(page, 'Category filter', 'In Game');
    await expect(page).toHaveURL(/\/tasks\/list\?category=In\+Game$/);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?category=In\+Game&page=2$/);
    await expect(showing(11, inGame)).toBeVisible();
    const secondPage = await dataRows(page).allInnerTexts();

    await page.reload();
    await expect(showing(11, inGame)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(await dataRows(page).allInnerTexts()).toEqual(secondPage);

    // Typing is one history entry, whatever the number of keys.
    await page.getByLabel('Search tasks').pressSequentially('zzz-none', { delay: 30 });
    await expect(page).toHaveURL(/\?category=In\+Game&q=zzz-none$/);
    await expect(page.getByText('No tasks found')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?category=In\+Game&page=2$/);
    await expect(page.getByLabel('Search tasks')).toHaveValue('');
    await expect(showing(11, inGame)).toBeVisible();
    await page.goBack();
    await expect(showing(1, inGame)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/tasks\/list$/);
    await expect(showing(1, tasks.length)).toBeVisible();

    // A shared link with a sort: most completions first (ties: newest id first, as the API orders).
    const top = [...tasks].sort((a, b) => b.completed - a.completed || b.id - a.id)[0]!;
    await page.goto('/tasks/list?sort=-completed');
    await expect(dataRows(page).first()).toContainText(top.titleEn);
    await expect(dataRows(page).first()).toContainText(`${top.completed} users`);
  });

  test('add, edit inline, disable and delete a task, with the form rules', async ({ page }) => {
    // A journey of many steps (step-up, upload, four saves): a slow test's time, as it ran out of its minute under load.
    test.slow();
    const title = unique('E2E task');
    await page.goto('/tasks/list');
    await expect(page.getByRole('button', { name: 'Add New Task' })).toBeVisible();
    // A new task sets a reward: the page's session steps up first (tests/step-up.spec.ts asks in its own).
    await stepUpPage(page);
    await page.getByRole('button', { name: 'Add New Task' }).click();
    const panel = page.getByRole('dialog', { name: 'Add New Task' });
    await panel.getByRole('button', { name: 'Add Task' }).click();
    await expect(panel.getByText('Category is required')).toBeVisible();
    await expect(panel.getByText('English title is required')).toBeVisible();
    await expect(panel.getByText('Russian title is required')).toBeVisible();
    await expect(panel.getByText('Reward amount is required')).toBeVisible();

    await panel.getByLabel('Photo').setInputFiles(TEXT_FILE);
    await expect(panel.getByText('Please select a valid image file')).toBeVisible();
    await panel.getByLabel('Photo').setInputFiles(png());
    await expect(panel.getByRole('img', { name: 'Photo preview' })).toBeVisible();

    await chooseOption(panel, 'Category', 'Partners');
    await panel.getByLabel('Title (English)').fill(title);
    await panel.getByLabel('Title (Russian)').fill('Задание');
    await panel.getByLabel('Reward Amount').fill('0.25');
    await panel.getByLabel('Link').fill('not a link');
    await expect(panel.getByLabel('Telegram Chat ID')).toHaveCount(0);
    await panel.getByLabel('Telegram Follow').check();
    await panel.getByRole('button', { name: 'Add Task' }).click();
    await expect(panel.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
    await panel.getByLabel('Link').fill('https://t.me/e2e_channel');
    await panel.getByLabel('Telegram Chat ID').fill('@e2e_channel');
    await panel.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Task added successfully!')).toBeVisible();
    await expect(panel).toBeHidden();

    await page.getByLabel('Search tasks').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Partners');
    await expect(row).toContainText('0 users');
    await expect(row.getByRole('img', { name: title })).toBeVisible();

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edited = `${title} edited`;
    await page.getByLabel('Title (English)').fill(edited);
    await page.getByRole('button', { name: 'Update Task' }).click();
    await expect(page.getByText('Task updated successfully!')).toBeVisible();
    const editedRow = page.getByRole('row').filter({ hasText: edited });
    await expect(editedRow).toContainText('Active');

    await page.getByRole('button', { name: `Disable ${edited}` }).click();
    await expect(page.getByText('Task disabled successfully!')).toBeVisible();
    await expect(editedRow).toContainText('Inactive');
    await page.getByRole('button', { name: `Enable ${edited}` }).click();
    await expect(page.getByText('Task enabled successfully!')).toBeVisible();

    await page.getByRole('button', { name: `Delete ${edited}` }).click();
    await confirmPopconfirm(page, `Are you sure you want to delete "${edited}"?`);
    await expect(page.getByText('Task deleted successfully!')).toBeVisible();
    await expect(editedRow).toHaveCount(0);
  });

  test('a task another admin changes under its open edit form: the notice, and Review changes keeps what was typed', async ({
    page,
    request,
  }) => {
    // Another administrator (the demo Content admin, not this worker's) makes the task and changes it.
    const { tokens } = await login(request, { username: 'content', password: DEMO_ADMIN.password });
    const content = apiAs(request, tokens!.accessToken);
    await stepUpApi(content, { method: 'password', password: DEMO_ADMIN.password });
    const title = unique('E2E live task');
    const fields = {
      category: 'Partners',
      titleEn: title,
      titleRu: 'Задание',
      rewardCurrency: 'TON',
      rewardAmount: 0.5,
      link: '',
      isTelegramFollow: false,
      telegramChatId: '',
    };
    const task = await content.post('/manager/tasks', fields, taskResponseSchema);
    try {
      const stream = page.waitForResponse((r) => new URL(r.url()).pathname === EVENTS_PATH);
      await page.goto(`/tasks/list?q=${encodeURIComponent(title)}`);
      expect((await stream).status()).toBe(200);
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const form = page.locator(`form#editTask${task.id}`);
      await form.getByLabel('Title (English)').fill(`${title} mine`);

      await content.put(
        `/manager/tasks/${task.id}`,
        { ...fields, titleRu: 'Задание дня', status: true },
        taskResponseSchema,
      );
      await expect(form.getByText('This record changed')).toBeVisible({ timeout: 5_000 });
      await expect(form).toContainText('Changed by content while you were editing.');
      // Nothing is replaced until the admin asks.
      await expect(form.getByLabel('Title (Russian)')).toHaveValue('Задание');
      await expect(form.getByLabel('Title (English)')).toHaveValue(`${title} mine`);
      // Saving now would undo the other change: it waits for the review.
      await expect(form).toContainText('Review the changes before you save.');
      await expect(form.getByRole('button', { name: 'Update Task' })).toBeDisabled();

      await form.getByRole('button', { name: 'Review changes' }).click();
      await expect(form.getByRole('list', { name: 'Changed meanwhile' })).toHaveText('Title (Russian)');
      await expect(form.getByLabel('Title (Russian)')).toHaveValue('Задание дня');
      await expect(form.getByLabel('Title (English)')).toHaveValue(`${title} mine`);
      await form.getByRole('button', { name: 'Update Task' }).click();
      await expect(page.getByText('Task updated successfully!')).toBeVisible();

      // Both changes hold: the other admin's Russian title and this one's English title.
      const stored = wholeList(
        await content.get(`/manager/tasks?search=${encodeURIComponent(title)}`, tasksResponseSchema),
      ).find((t) => t.id === task.id);
      expect(stored).toMatchObject({ titleEn: `${title} mine`, titleRu: 'Задание дня' });
    } finally {
      await content.send('DELETE', `/manager/tasks/${task.id}`);
    }
  });

  test('static tasks placeholder and the tasks page at phone width', async ({ page }) => {
    await page.goto('/tasks/static');
    await expect(page.getByRole('heading', { level: 1, name: 'Static Tasks' })).toBeVisible();
    await expect(page.getByText('Manage static tasks')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto('/tasks/list');
    await expect(page.getByRole('group', { name: 'Total Tasks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Task' })).toBeVisible();
    // One card per task instead of the table.
    await expect(page.getByRole('listitem').filter({ hasText: 'Completed' })).toHaveCount(10);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  test('tasks list kit: nothing found offers Clear Filters; Rows per page 20; a header sorts as the API does', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const tasks = wholeList(await api.get('/manager/tasks', tasksResponseSchema));
    expect(tasks.length, 'more seeded tasks than one page of 10').toBeGreaterThan(10);
    await page.goto('/tasks/list');
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await expect(clear).toBeDisabled();
    await expect(page.getByText(`Showing 1 to 10 of ${tasks.length} results`)).toBeVisible();

    await chooseOption(page, 'Category filter', 'Partners');
    await page.getByLabel('Search tasks').fill('zzz-no-such-task');
    await expect(page).toHaveURL(/\/tasks\/list\?category=Partners&q=zzz-no-such-task$/);
    await expect(page.getByRole('heading', { name: 'No tasks found' })).toBeVisible();
    await expect(clear).toHaveCount(2);
    // The empty state's own Clear Filters (the toolbar's is first).
    await clear.last().click();
    await expect(page).toHaveURL(/\/tasks\/list$/);
    await expect(page.getByLabel('Search tasks')).toHaveValue('');
    await expect(dataRows(page)).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await chooseOption(page, 'Rows per page', '20 / page');
    await expect(page).toHaveURL(/\/tasks\/list\?size=20$/);
    const shown = Math.min(20, tasks.length);
    await expect(dataRows(page)).toHaveCount(shown);
    await expect(page.getByText(`Showing 1 to ${shown} of ${tasks.length} results`)).toBeVisible();

    // Reward: ascending, then descending, as the API pages it; the third click is the default order.
    const apiPage = async (sort: string) => {
      const answer = await api.get(`/manager/tasks?page=1&limit=20&sort=${sort}`, tasksResponseSchema);
      if (Array.isArray(answer)) throw new Error('asked for a page, the API answered the whole list');
      return answer.tasks.map((t) => t.titleEn);
    };
    // The English title is the first cell's strong text.
    const titles = () => dataRows(page).locator('td:first-child strong').allInnerTexts();
    const header = page.getByRole('columnheader', { name: 'Reward' });
    await header.click();
    await expect(page).toHaveURL(/\?size=20&sort=rewardAmount$/);
    await expect(async () => expect(await titles()).toEqual(await apiPage('rewardAmount'))).toPass();
    await header.click();
    await expect(page).toHaveURL(/\?size=20&sort=-rewardAmount$/);
    await expect(async () => expect(await titles()).toEqual(await apiPage('-rewardAmount'))).toPass();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeEnabled();
    await header.click();
    await expect(page).toHaveURL(/\?size=20$/);
  });

  test('tasks at 390px: Sort by, descending, orders the cards as the API does; no axe violation', async ({
    page,
    request,
  }) => {
    const answer = await (
      await adminApi(request)
    ).get('/manager/tasks?page=1&limit=10&sort=-completed', tasksResponseSchema);
    if (Array.isArray(answer)) throw new Error('asked for a page, the API answered the whole list');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tasks/list');
    const cards = page.getByRole('listitem').filter({ hasText: 'Completed' });
    await expect(cards).toHaveCount(10);
    await chooseOption(page, 'Sort by', 'Completed, descending');
    await expect(page).toHaveURL(/\/tasks\/list\?sort=-completed$/);
    await expect(async () =>
      expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
        answer.tasks.map((t) => t.titleEn),
      ),
    ).toPass();
    await expectNoHorizontalScroll(page);
    expect(summary(await scan(page, '/tasks/list?sort=-completed at 390px'))).toEqual([]);
  });
});
