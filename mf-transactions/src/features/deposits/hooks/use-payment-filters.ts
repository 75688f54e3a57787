import { PAGE_SIZES } from '@manager/contract';
import { useListState, useListView } from '@manager/platform';
import { usePayments, type PaymentKind, type PaymentsParams } from '../api/get-payments';
import { useUrlFields } from './use-url-fields';

export interface PaymentFilters {
  status?: 'true' | 'false';
  startDate?: string;
  endDate?: string;
  minAmount?: number;
  maxAmount?: number;
}
type RangeName = 'startDate' | 'endDate' | 'minAmount' | 'maxAmount';
const RANGE: readonly RangeName[] = ['startDate', 'endDate', 'minAmount', 'maxAmount'];

/** The status filter as the URL spells it, and as the API's `status` (completed: true). */
const STATUS = { completed: 'true', pending: 'false' } as const;

/** A date (`2026-11-20`) or a non-negative amount; anything else reads as no filter. */
function readRange(name: RangeName, raw: string): string | number | undefined {
  if (name === 'startDate' || name === 'endDate') return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
  const amount = Number(raw);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/**
 * One deposits tab's list: search, the filter panel and the page in the URL under the tab's
 * prefix (`ton.q`, `stars.status`, `stars.minAmount`, `ton.page`), so each tab keeps its view
 * across a reload, a tab switch and Back. Any change of search or filters goes to page 1.
 */
export function usePaymentFilters(kind: PaymentKind) {
  const prefix = `${kind}.`;
  const list = useListState({
    pageSize: PAGE_SIZES.PAYMENTS,
    filters: { status: ['all', 'completed', 'pending'] },
    prefix,
  });
  const range = useUrlFields(prefix, RANGE, readRange);
  const status =
    list.filters.status === 'all' ? undefined : STATUS[list.filters.status as keyof typeof STATUS];
  const filters: PaymentFilters = {
    ...(status ? { status } : {}),
    ...(range.values as Omit<PaymentFilters, 'status'>),
  };

  const { page, limit, search } = list.query;

  const params: PaymentsParams = { page, limit, ...(search ? { search } : {}), ...filters };
  const { data, isPending, isFetching, isPlaceholderData } = usePayments(kind, params);
  const view = useListView(
    list,
    data && { rows: data.payments, total: data.pagination.totalPayments, stats: data.stats },
    { stale: isPlaceholderData },
  );

  return {
    list,
    view,
    params,
    filters,
    active: Object.keys(filters).length,
    setFilter: <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) => {
      if (key === 'status')
        list.setFilter('status', value === 'true' ? 'completed' : value === 'false' ? 'pending' : 'all');
      else range.set(key as RangeName, value ?? undefined);
    },
    /** Every filter of the panel back to none (the search stays), page 1, as one history entry. */
    clearFilters: () => range.clear(['status']),
    /** Whether the search or any filter narrows the tab's list (Clear Filters is offered). */
    filtered: list.filtered || Object.keys(filters).length > 0,
    /**
     * The toolbar's Clear Filters: the search and every filter back to none, page 1, the page
     * size kept, as one history entry (the list's search box follows the address).
     */
    clearAll: () => range.clear(['q', 'status']),
    loading: isPending || isFetching,
    counting: isPending,
  };
}
