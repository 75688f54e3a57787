import { useSearchPages } from '@manager/platform';
import { useState } from 'react';
import type { PaymentsParams } from '../api/get-payments';

export interface PaymentFilters {
  status?: 'true' | 'false';
  startDate?: string;
  endDate?: string;
  minAmount?: number;
  maxAmount?: number;
}

/** Search (debounced) + filter panel + page; any change of search or filters goes to page 1. */
export function usePaymentFilters() {
  const { text: searchText, setText: setSearchText, search, page, setPage } = useSearchPages();
  const [filters, setFilters] = useState<PaymentFilters>({});

  const params: PaymentsParams = { page, ...(search ? { search } : {}), ...filters };
  const active = Object.values(filters).filter((v) => v !== undefined && v !== '').length;
  return {
    searchText,
    setSearchText,
    filters,
    setFilter: <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) => {
      setFilters((f) => ({ ...f, [key]: value === null || value === '' ? undefined : value }));
      setPage(1);
    },
    clearFilters: () => {
      setFilters({});
      setPage(1);
    },
    active,
    params,
    page,
    setPage,
  };
}
