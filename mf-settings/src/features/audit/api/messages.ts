/** Audit Log texts (docs/screens.md#audit-log). */
export const AUDIT_MESSAGES = {
  fetchFailed: 'Failed to fetch audit log',
  verifyFailed: 'Failed to verify the chain',
  exportFailed: 'Failed to export audit log',
  rangeInvalid: 'From must not be after To',
} as const;
