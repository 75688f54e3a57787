import { SUCCESS_CODE, type Disable2faRequest } from '@manager/contract';
import { http, serverMessage, useChange } from '@manager/platform';
import { applyTwoFactorState } from './enable-two-factor';
import { failureMessage, TWO_FACTOR_MESSAGES as M } from './messages';
import { keys } from '../../../query-keys';

/** POST /auth/2fa/disable {password, twoFactorCode}; rejects with the text to show. */
async function disableTwoFactor(request: Disable2faRequest): Promise<void> {
  let body;
  try {
    body = await http.post('/auth/2fa/disable', request);
  } catch (error) {
    throw new Error(failureMessage(error, M.disableFailed, M.disableError), { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(serverMessage(body) ?? M.disableFailed);
  applyTwoFactorState(body.data, false);
}

/** The change ends the admin's other sessions: the Sessions card reloads. */
export function useDisableTwoFactor() {
  return useChange(disableTwoFactor, keys.sessions.all());
}
