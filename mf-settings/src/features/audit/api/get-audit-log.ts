import { calls, type AuditResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditParams } from '../model/url-state';
import { AUDIT_MESSAGES } from './messages';

/** GET /audit: one page, newest first; a failure shows `Failed to fetch audit log` with Retry. */
const getAuditLog = (params: AuditParams): Promise<AuditResponse> =>
  fetchData(calls.audit, { params: { ...params }, error: AUDIT_MESSAGES.fetchFailed });

export function useAuditLog(params: AuditParams, enabled = true) {
  return useQuery({
    queryKey: queryKeys.audit.list({ ...params }),
    queryFn: () => getAuditLog(params),
    enabled,
    // The rows on screen stay while the next page or filter loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
