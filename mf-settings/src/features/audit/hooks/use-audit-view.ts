import { useSearchParams } from '@manager/platform';
import { useMemo } from 'react';
import {
  nextPage,
  previousPage,
  readAuditView,
  withFilters,
  writeAuditView,
  type AuditFilters,
  type AuditView,
} from '../model/url-state';

/**
 * The Audit Log's view, read from and written to the address. Each change is a new history
 * entry, so Back and Forward step through filters and pages; a filter change returns to the
 * first page. Changes apply to the address as it is when they land (a debounced field must
 * not undo a filter picked meanwhile).
 */
export function useAuditView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readAuditView(params), [params]);
  const go = (change: (current: AuditView) => AuditView) =>
    setParams((prev) => writeAuditView(change(readAuditView(prev))));
  return {
    view,
    setFilters: (changes: Partial<AuditFilters>) => go((v) => withFilters(v, changes)),
    clearFilters: () => go(() => ({ back: [] })),
    next: (cursor: string) => go((v) => nextPage(v, cursor)),
    previous: () => go(previousPage),
  };
}
