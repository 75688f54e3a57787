import { calls } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** GET /audit/admins: who the Admin filter offers; a failure leaves only "All admins". */
const getAuditAdmins = () => fetchData(calls.auditAdmins, { fallback: { admins: [] } }).then((r) => r.admins);

export function useAuditAdmins() {
  return useQuery({ queryKey: queryKeys.audit.admins(), queryFn: getAuditAdmins });
}
