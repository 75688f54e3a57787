import { adminSchema, SUCCESS_CODE, type Admin, type Enable2faRequest } from '@manager/contract';
import { http, serverMessage, useAuthStore, useChange } from '@manager/platform';
import { failureMessage, TWO_FACTOR_MESSAGES as M } from './messages';
import { keys } from '../../../query-keys';

/** The admin after a 2FA change: the server's copy when it sent one, else ours with the new flag. */
export function applyTwoFactorState(data: unknown, enabled: boolean): void {
  const sent = adminSchema.safeParse((data as { admin?: unknown } | null | undefined)?.admin);
  const current = useAuthStore.getState().admin;
  const admin: Admin | null = sent.success ? sent.data : current && { ...current, twoFactorEnabled: enabled };
  // The shared store: the shell and every remote see the change without a reload.
  if (admin) useAuthStore.getState().setAdmin({ ...admin, twoFactorEnabled: enabled });
}

/** POST /auth/2fa/enable; rejects with the text to show (docs/screens.md). */
async function enableTwoFactor(request: Enable2faRequest): Promise<void> {
  let body;
  try {
    body = await http.post('/auth/2fa/enable', request);
  } catch (error) {
    throw new Error(failureMessage(error, M.invalidCode, M.enableError), { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(serverMessage(body) ?? M.invalidCode);
  applyTwoFactorState(body.data, true);
}

/** The change ends the admin's other sessions: the Sessions card reloads. */
export function useEnableTwoFactor() {
  return useChange(enableTwoFactor, keys.sessions.all());
}
