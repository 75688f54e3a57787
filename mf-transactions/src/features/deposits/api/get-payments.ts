import { calls, type StarsPaymentsResponse, type TonPaymentsResponse } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

export type PaymentKind = 'ton' | 'stars';

/** The query of both payment lists (and of their exports); blank filters are left out. A type, not an interface: it is a plain record of query values. */
export type PaymentsParams = {
  page: number;
  limit: number;
  search?: string;
  status?: 'true' | 'false';
  startDate?: string;
  endDate?: string;
  minAmount?: number;
  maxAmount?: number;
};

export type PaymentsPage = TonPaymentsResponse | StarsPaymentsResponse;

const EMPTY: PaymentsPage = {
  payments: [],
  pagination: { totalPages: 0, totalPayments: 0 },
  stats: {
    totalAmount: 0,
    totalFee: 0,
    completedAmount: 0,
    completedFee: 0,
    completedCount: 0,
    pendingCount: 0,
  },
};

const CALLS = { ton: calls.tonPayments, stars: calls.starsPayments } as const;

/** GET /transactions/{ton,stars}-payments?page&limit=20&...; failures are silent (empty). */
const getPayments = (kind: PaymentKind, params: PaymentsParams): Promise<PaymentsPage> =>
  fetchData<PaymentsPage, PaymentsPage>(CALLS[kind], { params: { ...params }, fallback: EMPTY });

export function usePayments(kind: PaymentKind, params: PaymentsParams) {
  return useQuery({
    queryKey: keys.payments.list({ kind, ...params }),
    queryFn: () => getPayments(kind, params),
    placeholderData: keepPreviousData,
  });
}
