import { calls, FIRST_APPROVAL_MESSAGE, FIRST_APPROVER_REFUSAL, type Withdrawal } from '@manager/contract';
import { http, MemoryRouter, toast, useAuthStore, useCsvExport, useLocation } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_ROLES } from '@manager/contract';
import { grantPermissions } from '@manager/platform/testing';
import WithdrawalsPage from './withdrawals-page';

vi.mock('@manager/platform', async (original) => {
  const actual = await original<typeof import('@manager/platform')>();
  // Mocks on the one client object, so the platform's own fetchData sees them too.
  Object.assign(actual.http, { get: vi.fn(), post: vi.fn() });
  return { ...actual, toast: { success: vi.fn(), error: vi.fn() }, useCsvExport: vi.fn(() => exporter) };
});
const exporter = vi.hoisted(() => ({
  start: vi.fn(),
  cancel: vi.fn(),
  running: false,
  rows: 0,
  error: null,
}));

const [ME, OTHER] = [7, 8];

/** A large withdrawal approved once by `adminId`, awaiting its second approval. */
const awaiting = (id: number, adminId: number, action: 'with-transfer' | 'without-transfer'): Withdrawal => ({
  ...gift(id),
  price: 25,
  needsTwoApprovals: true,
  firstApproval: {
    adminId,
    adminUsername: adminId === ME ? 'admin' : 'admin2fa',
    action,
    at: '2026-11-20T11:00:00.000Z',
  },
});

const gift = (id: number, status = false): Withdrawal => ({
  id,
  user: { username: `player${id}` },
  telegramId: 100 + id,
  currency: 'NFT',
  price: 2.5,
  wallet: null,
  inventory: { name: `PlushPepe-${id}` },
  inventoryId: `${id}000000123`,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** The address the page shows, read after each render. */
const at = { search: '' };
function Address() {
  at.search = useLocation().search;
  return null;
}

function renderPage(url = '/transactions/withdrawals') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <WithdrawalsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The query of the last list call. */
const lastListQuery = () =>
  vi
    .mocked(http.get)
    .mock.calls.filter(([path]) => path === '/withdrawals')
    .at(-1)?.[1]?.params;

beforeEach(() => {
  const rows = [gift(1), gift(2, true), ...Array.from({ length: 11 }, (_, i) => gift(10 + i))];
  vi.mocked(http.get).mockResolvedValue({ code: 200, data: rows });
  useAuthStore.setState({
    isAuthenticated: true,
    loading: false,
    admin: { id: ME, username: 'admin', twoFactorEnabled: false },
  });
});
afterEach(() => vi.clearAllMocks());

// The first render pulls antd through the transformer: slow when cold.
describe('WithdrawalsPage', { timeout: 30_000 }, () => {
  it('shows counters, the short inventory id, Processed for approved rows, and pages of 10', async () => {
    renderPage('/transactions/withdrawals?status=all');
    expect(await screen.findByText('PlushPepe-1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('12')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Approved' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('13')).toBeTruthy();
    expect(screen.getByText(/ID: 10000000\.\.\./)).toBeTruthy();
    expect(screen.getByText('Processed')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 13 results')).toBeTruthy();
  });

  it('read-only without withdrawals.decide (Support): the rows, no decisions, no selection', async () => {
    grantPermissions(BUILT_IN_ROLES.support.permissions);
    renderPage();
    expect(await screen.findByText('PlushPepe-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Approve|Reject)/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Selected withdrawals' })).toBeNull();
  });

  it('asks before rejecting, warns it cannot be undone, posts once and toasts the documented text', async () => {
    let answer!: (v: unknown) => void;
    vi.mocked(http.post).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject withdrawal 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This action cannot be undone!')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post).toHaveBeenCalledWith('/withdrawals/reject', expect.objectContaining({ id: 1 }));
    expect((screen.getByRole('button', { name: 'Reject withdrawal 10' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer({ code: 200, data: gift(1) });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawal rejected successfully'));
  });

  it('a refused decision shows the failure text with the server reason; no answer is a network error', async () => {
    const { ApiError } = await import('@manager/platform');
    vi.mocked(http.post).mockRejectedValueOnce(
      new ApiError('x', {
        status: 409,
        data: { code: 409, message: 'Withdrawal 1 was already decided (rejected)' },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve with transfer withdrawal 1' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Approve with transfer/ }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Withdrawal with transfer failed: Withdrawal 1 was already decided (rejected)',
      ),
    );
    vi.mocked(http.post).mockRejectedValueOnce(new ApiError('offline'));
    const next = screen.getByRole('button', {
      name: 'Approve without transfer withdrawal 1',
    }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Approve without transfer withdrawal 1' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Approve without transfer/ }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Network error occurred'));
  });
});

describe('WithdrawalsPage: dual approval', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: [
        awaiting(1, ME, 'without-transfer'),
        awaiting(2, OTHER, 'without-transfer'),
        awaiting(3, OTHER, 'with-transfer'),
        gift(4),
        gift(5, true),
      ],
    });
  });

  it('counts rows awaiting a second approval; they stay under Pending and its filter', async () => {
    renderPage();
    expect(await screen.findByText('PlushPepe-1')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Awaiting second approval' })).getByText('3'),
    ).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('4')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Approved' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('5')).toBeTruthy();
    fireEvent.click(screen.getByText('Pending', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByText('PlushPepe-5')).toBeNull());
    for (const id of [1, 2, 3, 4]) expect(screen.getByText(`PlushPepe-${id}`)).toBeTruthy();
  });

  it('a row awaiting its second approval says so, with who approved and how', async () => {
    renderPage();
    expect(await screen.findByText('Approved by admin (without transfer)')).toBeTruthy();
    expect(screen.getByText('Approved by admin2fa (with transfer)')).toBeTruthy();
    expect(screen.getAllByText('Awaiting second approval', { selector: '.ant-tag' })).toHaveLength(3);
  });

  it('the first approver sees the approvals disabled, the reason in a tooltip reached by keyboard; Reject stays', async () => {
    renderPage();
    const approve = (await screen.findByRole('button', {
      name: 'Approve without transfer withdrawal 1',
    })) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Approve with transfer withdrawal 1' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Reject withdrawal 1' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    const wrapper = approve.parentElement!;
    expect(wrapper.tabIndex).toBe(0);
    fireEvent.focus(wrapper);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByText(FIRST_APPROVER_REFUSAL)).toBeTruthy();
    await waitFor(() => expect(wrapper.getAttribute('aria-describedby')).toBeTruthy());
  });

  it('another admin is offered only the approval to confirm, and Reject', async () => {
    renderPage();
    expect(
      (
        (await screen.findByRole('button', {
          name: 'Approve without transfer withdrawal 2',
        })) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
    expect(screen.queryByRole('button', { name: 'Approve with transfer withdrawal 2' })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Approve with transfer withdrawal 3' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(screen.queryByRole('button', { name: 'Approve without transfer withdrawal 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject withdrawal 3' })).toBeTruthy();
    // A row nobody approved yet keeps both approvals.
    expect(screen.getByRole('button', { name: 'Approve with transfer withdrawal 4' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve without transfer withdrawal 4' })).toBeTruthy();
  });

  it("a first approval shows the server's message as a success toast", async () => {
    vi.mocked(http.post).mockResolvedValue({
      code: 200,
      message: FIRST_APPROVAL_MESSAGE,
      data: awaiting(4, ME, 'with-transfer'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve with transfer withdrawal 4' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Approve with transfer/ }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(FIRST_APPROVAL_MESSAGE));
    expect(toast.success).not.toHaveBeenCalledWith('Withdrawal with transfer processed successfully');
  });
});

describe('WithdrawalsPage: list state in the URL', { timeout: 30_000 }, () => {
  const priced = (id: number, price: number, status = false): Withdrawal => ({
    ...gift(id, status),
    price,
    createdAt: `2026-11-${10 + id}T10:00:00.000Z`,
  });
  const names = () => screen.getAllByText(/^PlushPepe-\d+$/).map((n) => n.textContent);

  it('asks the API for the page, search, filter and sort of the address', async () => {
    renderPage('/transactions/withdrawals?page=2&q=player&status=pending&sort=-price');
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        page: 2,
        limit: 10,
        search: 'player',
        status: 'pending',
        sort: '-price',
      }),
    );
    expect((screen.getByLabelText('Search by username') as HTMLInputElement).value).toBe('player');
  });

  it('a whole list is filtered, sorted and paged as the address says; counters stay over every row', async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: [priced(1, 5), priced(2, 1, true), priced(3, 9), priced(4, 7), priced(5, 3, true)],
    });
    renderPage('/transactions/withdrawals?status=pending&sort=price');
    await waitFor(() => expect(names()).toEqual(['PlushPepe-1', 'PlushPepe-4', 'PlushPepe-3']));
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('5')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Approved' })).getByText('2')).toBeTruthy();
  });

  it("a server page is shown as it is, with the server's counters and total", async () => {
    vi.mocked(http.get).mockResolvedValue({
      code: 200,
      data: {
        withdrawals: [priced(30, 2), priced(31, 4, true)],
        pagination: { totalPages: 5, currentPage: 2, totalWithdrawals: 42 },
        counts: { pending: 120, awaiting: 7, approved: 80, total: 200, rejected: 9 },
      },
    });
    renderPage('/transactions/withdrawals?page=2');
    expect(await screen.findByText('Showing 11 to 20 of 42 results')).toBeTruthy();
    expect(names()).toEqual(['PlushPepe-30', 'PlushPepe-31']);
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('120')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Awaiting second approval' })).getByText('7'),
    ).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('200')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Rejected' })).getByText('9')).toBeTruthy();
  });

  it('Pending is the default; the filter, a page and a column sort reach the address; a filter or sort goes back to page 1', async () => {
    renderPage('/transactions/withdrawals?page=2');
    // The default view is the queue: 12 of the 13 rows are pending.
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeTruthy();
    expect(lastListQuery()).toEqual({ page: 2, limit: 10, status: 'pending' });
    fireEvent.click(screen.getByText('All', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(at.search).toBe('?status=all'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(at.search).toBe('?status=all&page=2'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Date/ }));
    await waitFor(() => expect(at.search).toBe('?status=all&sort=createdAt'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Date/ }));
    await waitFor(() => expect(at.search).toBe('?status=all&sort=-createdAt'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Item/ }));
    await waitFor(() => expect(at.search).toBe('?status=all&sort=price'));
    // All is the API's default: no status sent.
    await waitFor(() => expect(lastListQuery()).toEqual({ page: 1, limit: 10, sort: 'price' }));
  });

  it('Rows per page asks the API for that many rows; an empty search offers Clear Filters, which keeps the size', async () => {
    renderPage('/transactions/withdrawals?size=20&q=nobody&status=approved&sort=-price');
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        page: 1,
        limit: 20,
        search: 'nobody',
        status: 'approved',
        sort: '-price',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No withdrawals found' })).toBeTruthy();
    const clears = screen.getAllByRole('button', { name: 'Clear Filters' });
    // The toolbar's and the empty state's.
    expect(clears).toHaveLength(2);
    fireEvent.click(clears[1]!);
    await waitFor(() => expect(at.search).toBe('?size=20'));
    await waitFor(() => expect(lastListQuery()).toEqual({ page: 1, limit: 20, status: 'pending' }));
    expect(await screen.findByText('Showing 1 to 12 of 12 results')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a decision reloads the same page of the same view', async () => {
    vi.mocked(http.post).mockResolvedValue({ code: 200, data: gift(10) });
    renderPage('/transactions/withdrawals?page=2&status=pending');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject withdrawal 19' }));
    const calls = vi.mocked(http.get).mock.calls.length;
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Reject/ }));
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.length).toBeGreaterThan(calls));
    expect(lastListQuery()).toEqual({ page: 2, limit: 10, status: 'pending' });
  });

  it('Export CSV exports the withdrawals of the view shown', async () => {
    renderPage('/transactions/withdrawals?q=player&status=pending&sort=-price');
    fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    expect(exporter.start).toHaveBeenCalledTimes(1);
    expect(vi.mocked(useCsvExport)).toHaveBeenLastCalledWith(calls.exportWithdrawals, {
      page: 1,
      limit: 10,
      search: 'player',
      status: 'pending',
      sort: '-price',
    });
  });
});
