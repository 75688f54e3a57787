import { calls } from '@manager/contract';
import { apiClient, toast } from '@manager/platform';
import { useMutation } from '@tanstack/react-query';
import type { AuditParams } from '../model/url-state';
import { AUDIT_MESSAGES } from './messages';

/** `audit-log-2026-03-05-1407.csv` (local time): the name when the answer gives none. */
export function exportFileName(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `audit-log-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.csv`;
}

/** The file name of a `Content-Disposition` answer header (`attachment; filename="x.csv"`). */
export function dispositionFileName(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header)?.[1]?.trim();
  if (!name) return undefined;
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a bare % that is not an escape
  }
}

/**
 * GET /audit/export with the filters on screen (every page), through the console's client (its
 * bearer, API key and token refresh), then saved as a file: a plain link could carry neither
 * header. The file keeps the name the API gives it (CORS exposes `Content-Disposition`).
 */
export async function exportAuditCsv(params: AuditParams): Promise<void> {
  const response = await apiClient.get<Blob>(calls.auditExport.path, {
    params: { ...params, cursor: undefined },
    responseType: 'blob',
  });
  const csv =
    response.data instanceof Blob ? response.data : new Blob([String(response.data)], { type: 'text/csv' });
  const url = URL.createObjectURL(csv);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = dispositionFileName(response.headers['content-disposition']) ?? exportFileName();
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
