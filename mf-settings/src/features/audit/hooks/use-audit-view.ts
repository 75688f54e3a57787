import { useQueryWriter } from '@manager/platform';
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
 * first page. A change applies to the address as last written, rendered yet or not
 * (`useQueryWriter`): a field submitted right after a filter was picked keeps that filter.
 */
export function useAuditView() {
  const { params, write } = useQueryWriter();
  const view = useMemo(() => readAuditView(params), [params]);
  const go = (change: (current: AuditView) => AuditView) =>
    write((next) => {
      const written = writeAuditView(change(readAuditView(next)));
      for (const key of [...next.keys()]) next.delete(key);
      for (const [key, value] of written) next.append(key, value);
    });
  return {
    view,
    setFilters: (changes: Partial<AuditFilters>) => go((v) => withFilters(v, changes)),
    clearFilters: () => go(() => ({ back: [] })),
    next: (cursor: string) => go((v) => nextPage(v, cursor)),
    previous: () => go(previousPage),
  };
}
