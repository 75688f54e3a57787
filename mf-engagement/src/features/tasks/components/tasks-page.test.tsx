import type { Task } from '@manager/contract';
import { http } from '@manager/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverLiveEvent, grantPermissions } from '@manager/platform/testing';
import { renderPage } from '../../../test/render-page';
import TasksPage from './tasks-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // Mocks on the one client object, so the platform's own fetchData sees them too.
  Object.assign(actual.http, { get: vi.fn(), put: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() } };
});

const task = (id: number, category: Task['category'], status: boolean, completed: number): Task => ({
  id,
  category,
  photo: null,
  photoUrl: null,
  titleEn: `Task ${id}`,
  titleRu: `Задание ${id}`,
  rewardCurrency: 'TON',
  rewardAmount: id,
  link: null,
  isTelegramFollow: false,
  telegramChatId: null,
  status,
  completed,
});
/** 23 tasks: odd ids Partners, every third one inactive. */
const ALL = Array.from({ length: 23 }, (_, i) => task(i + 1, i % 2 ? 'Partners' : 'In Game', i % 3 !== 0, i));
const dataRows = () =>
  screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0);
const card = (name: string) => screen.getByRole('group', { name });
const lastQuery = () => vi.mocked(http.get).mock.lastCall?.[1]?.params;

afterEach(() => vi.clearAllMocks());

describe('TasksPage', { timeout: 30_000 }, () => {
  it('an API answering every task: the URL filters, sorts and pages it here; the cards count every task', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    const page = renderPage(TasksPage, '/tasks/list?category=Partners&sort=-rewardAmount&page=2');
    expect(await screen.findByText('Task 2')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: 2, limit: 10, category: 'Partners', sort: '-rewardAmount' });
    // Partners are the 11 even ids 2..22; by reward descending page 2 holds the last one.
    expect(dataRows().map((r) => within(r).getByText(/^Task \d+$/).textContent)).toEqual(['Task 2']);
    expect(screen.getByText('Showing 11 to 11 of 11 results')).toBeTruthy();
    expect(within(card('Total Tasks')).getByText('23')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(page.search()).toBe('?category=Partners&sort=-rewardAmount');
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(within(dataRows()[0]!).getByText('Task 22')).toBeTruthy();
    page.back();
    expect(page.search()).toBe('?category=Partners&sort=-rewardAmount&page=2');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
  });

  it('a paging API: the page and the cards are shown as answered, for the query the URL holds', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: {
        tasks: ALL.slice(0, 3),
        pagination: { totalPages: 5, currentPage: 3, totalTasks: 43 },
        stats: { total: 90, active: 60, inactive: 30, completions: 1234 },
      },
    });
    renderPage(TasksPage, '/tasks/list?status=inactive&q=task&page=3');
    expect(await screen.findByText('Task 1')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: 3, limit: 10, status: 'inactive', search: 'task' });
    // Not filtered again here: the server chose these rows.
    expect(dataRows()).toHaveLength(3);
    expect(screen.getByText('Showing 21 to 30 of 43 results')).toBeTruthy();
    expect(within(card('Total Tasks')).getByText('90')).toBeTruthy();
    expect(within(card('Total Completions')).getByText('1234')).toBeTruthy();
    expect((screen.getByLabelText('Search tasks') as HTMLInputElement).value).toBe('task');
  });

  it('a filter is written to the URL and goes back to page 1; a toggle still saves and reloads the page shown', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    vi.mocked(http.put).mockResolvedValue({ code: 200, data: ALL[1] });
    const page = renderPage(TasksPage, '/tasks/list?page=2');
    expect(await screen.findByText('Task 11')).toBeTruthy();
    fireEvent.mouseDown(
      within(screen.getByLabelText('Status filter').closest('.ant-select')!).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByTitle('Inactive'));
    expect(page.search()).toBe('?status=inactive');
    await waitFor(() => expect(dataRows()).toHaveLength(8));

    const calls = vi.mocked(http.get).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Enable Task 1' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith('/tasks/1', expect.objectContaining({ status: true })),
    );
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.length).toBeGreaterThan(calls));
    expect(lastQuery()).toEqual({ page: 1, limit: 10, status: 'inactive' });
  });

  it('?new=task opens Add New Task only for an admin with tasks.manage; the address drops it either way', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    grantPermissions(['tasks.read']);
    const reader = renderPage(TasksPage, '/tasks/list?new=task');
    expect(await screen.findByText('Task 1')).toBeTruthy();
    await waitFor(() => expect(reader.search()).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    reader.unmount();

    grantPermissions(['tasks.read', 'tasks.manage']);
    const manager = renderPage(TasksPage, '/tasks/list?new=task');
    expect(within(await screen.findByRole('dialog')).getByText('Add New Task')).toBeTruthy();
    await waitFor(() => expect(manager.search()).toBe(''));
  });

  it('another admin changes the task under its open edit form: nothing typed is replaced; Review changes brings the rest', async () => {
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL });
    const { client } = renderPage(TasksPage, '/tasks/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Task 2' }));
    const form = within(document.querySelector<HTMLElement>('form#editTask2')!);
    const field = (label: string) => form.getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field('Title (English)'), { target: { value: 'Mine' } });

    // Both titles change in the store; the list answers the changed task after the event.
    const changed = { ...ALL[1]!, titleEn: 'Task 2 renamed', titleRu: 'Задание 2 новое' };
    vi.mocked(http.get).mockResolvedValue({ code: 200, data: ALL.map((t) => (t.id === 2 ? changed : t)) });
    act(() =>
      deliverLiveEvent(client, {
        entity: 'task',
        entityId: '2',
        action: 'task.update',
        actor: 'finance',
      }),
    );
    expect(await form.findByText('This record changed')).toBeTruthy();
    expect(form.getByText('Changed by finance while you were editing.')).toBeTruthy();
    expect(field('Title (English)').value).toBe('Mine');
    expect(field('Title (Russian)').value).toBe('Задание 2');
    // A save now would send the title it opened with and undo the other change: it waits.
    expect(form.getByText('Review the changes before you save.')).toBeTruthy();
    expect(form.getByRole<HTMLButtonElement>('button', { name: 'Update Task' }).disabled).toBe(true);

    fireEvent.click(form.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(field('Title (Russian)').value).toBe('Задание 2 новое'));
    expect(form.getByRole<HTMLButtonElement>('button', { name: 'Update Task' }).disabled).toBe(false);
    expect(field('Title (English)').value).toBe('Mine');
    expect(field('Reward Amount').value).toBe('2.00');
    const meanwhile = form.getByRole('list', { name: 'Changed meanwhile' });
    expect(
      within(meanwhile)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Title (English)', 'Title (Russian)']);
    expect(form.queryByText('This record changed')).toBeNull();
  });
});
