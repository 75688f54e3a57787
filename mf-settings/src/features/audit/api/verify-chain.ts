import { calls, type AuditVerifyResponse } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_MESSAGES } from './messages';

/** GET /audit/verify: walks the whole chain; asked on demand, never cached. */
const verifyChain = (): Promise<AuditVerifyResponse> =>
  fetchData(calls.auditVerify, { error: AUDIT_MESSAGES.verifyFailed });

export function useVerifyChain() {
  return useMutation({ mutationFn: verifyChain });
}
