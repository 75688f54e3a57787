import { calls } from '@manager/contract';
import { http, toast } from '@manager/platform';
import { useMutation } from '@tanstack/react-query';
import type { AuditParams } from '../model/url-state';
import { AUDIT_MESSAGES } from './messages';

/** `audit-log-2026-03-05-1407.csv`: the local time of the download. */
export function exportFileName(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `audit-log-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.csv`;
}

/**
 * GET /audit/export with the filters on screen, through the console's client (its bearer, API
 * key and token refresh), then saved as a file: a plain link could carry neither header.
 */
export async function exportAuditCsv(params: AuditParams): Promise<void> {
  const csv = await http.get<Blob>(calls.auditExport.path, { params: { ...params, cursor: undefined }, responseType: 'blob' });
  const url = URL.createObjectURL(csv instanceof Blob ? csv : new Blob([String(csv)], { type: 'text/csv' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName();
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Kept a while after the click: the browser reads the file from it as the download starts.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useExportAudit() {
  return useMutation({ mutationFn: exportAuditCsv, onError: () => toast.error(AUDIT_MESSAGES.exportFailed) });
}
