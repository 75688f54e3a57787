import type { AdminRow } from '@manager/contract';
import { useListState, useListView, type ClientRules, type ListState } from '@manager/platform';
import { useAdmins } from '../api/get-admins';

const SORTS = ['username', 'lastActiveAt'] as const;
type AdminSort = (typeof SORTS)[number];

/** Search `q`, `status`, `sort` and `page` in the URL, 20 a page (docs/screens.md#administrators). */
export const ADMIN_LIST = {
  pageSize: 20,
  filters: { status: ['all', 'active', 'disabled', 'invited'] },
  sorts: SORTS,
} as const;
export type AdminListState = ListState<keyof typeof ADMIN_LIST.filters, AdminSort>;

const byKey: Record<AdminSort, (a: AdminRow, b: AdminRow) => number> = {
  username: (a, b) => a.username.localeCompare(b.username),
  // Never active sorts as the oldest.
  lastActiveAt: (a, b) => (a.lastActiveAt ?? '').localeCompare(b.lastActiveAt ?? ''),
};

/** The API answers every admin: search (username or e-mail), status and sort are done here. */
export function adminRules(
  list: Pick<AdminListState, 'settledSearch' | 'filters'>,
): ClientRules<AdminRow, undefined> {
  const q = list.settledSearch.trim().toLowerCase();
  const { status } = list.filters;
  return {
    match: (a) =>
      (status === 'all' || a.status === status) &&
      (!q || a.username.toLowerCase().includes(q) || (a.email ?? '').toLowerCase().includes(q)),
    compare: (sort) => {
      const desc = sort.startsWith('-');
      const key = byKey[sort.replace(/^-/, '') as AdminSort];
      return key && ((a, b) => (desc ? key(b, a) : key(a, b)) || a.id - b.id);
    },
  };
}

export function useAdminList() {
  const list = useListState(ADMIN_LIST);
  const admins = useAdmins();
  const view = useListView(list, admins.data, adminRules(list));
  return { list, admins, view };
}
