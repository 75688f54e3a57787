import { backupCodesResponseSchema, SUCCESS_CODE, type BackupCodesRequest } from '@manager/contract';
import { http, serverMessage, useChange } from '@manager/platform';
import { failureMessage, TWO_FACTOR_MESSAGES as M } from './messages';
import { keys } from '../../../query-keys';

/** POST /auth/2fa/backup-codes {password, twoFactorCode} -> the new codes (the old ones stop working). */
async function regenerateBackupCodes(request: BackupCodesRequest): Promise<string[]> {
  let body;
  try {
    body = await http.post('/auth/2fa/backup-codes', request);
  } catch (error) {
    throw new Error(failureMessage(error, M.regenerateFailed, M.regenerateError), { cause: error });
  }
  const parsed = backupCodesResponseSchema.safeParse(body?.data);
  if (body?.code !== SUCCESS_CODE || !parsed.success)
    throw new Error(serverMessage(body) ?? M.regenerateFailed);
  return parsed.data.backupCodes;
}

/** The change ends the admin's other sessions: the Sessions card reloads. */
export function useRegenerateBackupCodes() {
  return useChange(regenerateBackupCodes, keys.sessions.all());
}
