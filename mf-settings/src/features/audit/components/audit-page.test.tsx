import type { AuditEntry } from '@manager/contract';
import {
  apiClient,
  http,
  MemoryRouter,
  Route,
  Routes,
  toast,
  useLocation,
  useNavigate,
} from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/render';
import AuditPage from './audit-page';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-03-05T14:07:09.000Z',
  admin: { id: 2, username: 'auditor' },
  action: 'user.balances.update',
  entityType: 'user',
  entityId: '5000000123',
  userTelegramId: 5000000123,
  before: { tonBalance: '10.000000000', starsBalance: 100 },
  after: { tonBalance: '12.5', starsBalance: 1500 },
  ip: null,
  userAgent: null,
  reason: null,
  consoleVersion: null,
  ...over,
});

/** The API as the page calls it: GET /audit pages by cursor, the admins, verify, export. */
const HEAD = { seq: 3, hash: 'ab'.repeat(32) };

function mockApi(verify: unknown = { valid: true, checked: 3, firstBroken: null, head: HEAD }) {
  return vi
    .spyOn(http, 'get')
    .mockImplementation(async (url: string, config?: { params?: Record<string, unknown> }) => {
      if (url === '/audit/admins') return { code: 200, data: { admins: [{ id: 2, username: 'auditor' }] } };
      if (url === '/audit/verify') return { code: 200, data: verify };
      const second = config?.params?.cursor === 'c2';
      return {
        code: 200,
        data: {
          entries: [
            entry(
              second ? 1 : 2,
              second ? { action: 'withdrawal.reject', entityType: 'withdrawal', entityId: '9' } : {},
            ),
          ],
          nextCursor: second ? null : 'c2',
        },
      };
    });
}

/** The address, and the browser's Back button. */
function Where() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderAt(url: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/audit"
            element={
              <>
                <AuditPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent ?? '');
const auditCalls = (get: ReturnType<typeof mockApi>) =>
  get.mock.calls
    .filter(([url]) => url === '/audit')
    .map(([, config]) => (config as { params: object }).params);

/**
 * A click awaited inside act: the page's address changes are router navigations (React
 * transitions), whose effects (the next page's call) run only once act is awaited.
 */
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));
const type = (element: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(element, { target: { value } }));

afterEach(() => vi.restoreAllMocks());

describe('AuditPage', { timeout: 20_000 }, () => {
  it('asks for the view in the address and shows each change as before -> after', async () => {
    const get = mockApi();
    renderAt(
      '/audit?admin=2&action=user.balances.update&entity=user&entityId=5000000123&from=2026-03-01T00%3A00%3A00.000Z',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    const row = (await screen.findByText('User 5000000123')).closest('tr')!;
    expect(row.textContent).toContain('TON balance: 10.00 TON -> 12.50 TON');
    expect(row.textContent).toContain('Stars balance: 100 Stars -> 1,500 Stars');
    expect(row.textContent).toContain('Balances changed');
    expect(within(row).getByRole('link', { name: 'User 5000000123' }).getAttribute('href')).toBe(
      '/users/detail/5000000123',
    );
    expect(auditCalls(get)[0]).toEqual({
      adminId: 2,
      action: 'user.balances.update',
      entityType: 'user',
      entityId: '5000000123',
      from: '2026-03-01T00:00:00.000Z',
      to: undefined,
      cursor: undefined,
    });
    // The filters show the view: a shared link opens the same screen.
    expect((screen.getByLabelText('Entity ID') as HTMLInputElement).value).toBe('5000000123');
    expect(await within(screen.getByRole('region', { name: 'Filters' })).findByTitle('auditor')).toBeTruthy();
  });

  it("shows in a row's details the console builds the admin ran", async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/audit/admins') return { code: 200, data: { admins: [] } };
      const entries = [
        entry(2, {
          consoleVersion: 'shell@0.1.0+ab12cd34 settings@0.1.0-3f9a2c1b',
          userAgent: 'Mozilla/5.0',
        }),
        entry(1),
      ];
      return { code: 200, data: { entries, nextCursor: null } };
    });
    renderAt('/audit');
    expect(await screen.findByRole('columnheader', { name: 'Details' })).toBeTruthy();
    const [, first, second] = screen.getAllByRole('row');
    fireEvent.click(within(first!).getByText('Details', { selector: 'summary' }));
    expect(within(first!).getByText('shell@0.1.0+ab12cd34 settings@0.1.0-3f9a2c1b')).toBeTruthy();
    expect(within(first!).getByText('Mozilla/5.0')).toBeTruthy();
    expect(within(second!).getAllByText('Not recorded')).toHaveLength(2);
  });

  it('pages by cursor in the address, and a changed filter starts again at the first page', async () => {
    const get = mockApi();
    renderAt('/audit?action=user.balances.update');
    await click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Withdrawal #9')).toBeTruthy();
    expect(address().get('cursor')).toBe('c2');
    expect(auditCalls(get).at(-1)).toMatchObject({ action: 'user.balances.update', cursor: 'c2' });
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('User 5000000123')).toBeTruthy();
    expect(address().get('cursor')).toBeNull();

    await click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(address().get('cursor')).toBe('c2'));
    await type(screen.getByLabelText('Entity ID'), '42');
    await waitFor(() => expect(address().get('entityId')).toBe('42'));
    expect(address().get('cursor')).toBeNull();
    expect(address().get('action')).toBe('user.balances.update');
    await waitFor(() => expect(auditCalls(get).at(-1)).toMatchObject({ entityId: '42', cursor: undefined }));

    // Back steps through the views: the filter goes (the field follows), then the page.
    await click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address().get('entityId')).toBeNull();
    expect(address().get('cursor')).toBe('c2');
    expect((screen.getByLabelText('Entity ID') as HTMLInputElement).value).toBe('');
    await click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address().get('cursor')).toBeNull();
    expect(await screen.findByText('User 5000000123')).toBeTruthy();
  });

  it('hides sign-ins on the server unless Show sign-ins is on (kept in the address)', async () => {
    const get = mockApi();
    const listParams = () =>
      get.mock.calls.filter(([url]) => url === '/audit').map(([, config]) => config?.params ?? {});
    renderAt('/audit');
    await screen.findAllByText('Balances changed');
    expect(listParams().at(-1)).toMatchObject({ signIns: false });
    const toggle = screen.getByRole('checkbox', { name: 'Show sign-ins' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await click(toggle);
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?signIns=1');
    await waitFor(() => expect(listParams().at(-1)).not.toHaveProperty('signIns', false));
    expect(listParams().at(-1)?.signIns).toBeUndefined();
    await click(toggle);
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('');
    await waitFor(() => expect(listParams().at(-1)).toMatchObject({ signIns: false }));
  });

  it('says how many rows a sound chain has, in a status region', async () => {
    mockApi();
    renderAt('/audit');
    await click(await screen.findByRole('button', { name: 'Verify chain' }));
    const status = screen.getByRole('status', { name: 'Chain verification' });
    await waitFor(() => expect(status.textContent).toContain('Chain valid: 3 rows checked.'));
    // The head, to be noted outside the database: a later check shows whether it was rewritten.
    expect(status.textContent).toContain(`Head: position 3, hash ${HEAD.hash}`);
  });

  it('names the first broken row of a broken chain, as an alert', async () => {
    mockApi({
      valid: false,
      checked: 6,
      firstBroken: { id: 7, at: '2026-03-05T14:07:09.000Z', problem: 'hash does not match the row' },
      head: HEAD,
    });
    renderAt('/audit');
    await click(await screen.findByRole('button', { name: 'Verify chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Chain broken at row #7');
    expect(alert.textContent).toContain('hash does not match the row');
    expect(alert.textContent).toContain('6 rows checked.');
  });

  it('exports the filtered rows through the authorised client and saves them under the name the API gives', async () => {
    mockApi();
    const csv = new Blob(['id,at\r\n'], { type: 'text/csv' });
    const exportCall = vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: csv,
      headers: { 'content-disposition': 'attachment; filename="audit-log-2026-03-05T14-07-09Z.csv"' },
    });
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/audit?entity=withdrawal&cursor=c2');
    await click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    // Every page of the filters: no cursor.
    expect(exportCall).toHaveBeenCalledWith('/audit/export', {
      params: expect.objectContaining({ entityType: 'withdrawal', cursor: undefined }),
      responseType: 'blob',
    });
    expect(objectUrl).toHaveBeenCalledWith(csv);
    const link = save.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('audit-log-2026-03-05T14-07-09Z.csv');
    expect(link.href).toBe('blob:audit');
  });

  it('says Failed to export audit log when the export fails', async () => {
    mockApi();
    vi.spyOn(apiClient, 'get').mockRejectedValue(new Error('HTTP 500'));
    const error = vi.spyOn(toast, 'error');
    renderAt('/audit');
    await click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to export audit log'));
  });

  it('refuses a range that ends before it starts, without asking the API', async () => {
    const get = mockApi();
    renderAt('/audit?from=2026-03-05T00%3A00%3A00.000Z&to=2026-03-01T00%3A00%3A00.000Z');
    expect((await screen.findByRole('alert')).textContent).toBe('From must not be after To');
    expect(auditCalls(get)).toEqual([]);
  });
});
