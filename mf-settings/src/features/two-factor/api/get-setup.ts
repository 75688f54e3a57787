import { SUCCESS_CODE, twoFactorSetupResponseSchema, type TwoFactorSetupResponse } from '@manager/contract';
import { http, isApiError, serverMessage } from '@manager/platform';
import { useMutation } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES as M } from './messages';

/**
 * GET /auth/2fa/setup. Each call issues a new pending secret on the server, so it runs as a
 * mutation (once per opening of the modal, again on Retry), never as a cached query.
 */
async function getTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  let body;
  try {
    body = await http.get('/auth/2fa/setup');
  } catch (error) {
    if (isApiError(error) && error.status !== undefined) {
      throw new Error(serverMessage(error.data) ?? M.setupFailed, { cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${M.setupError} ${reason}`, { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(serverMessage(body) ?? M.setupFailed);
  const parsed = twoFactorSetupResponseSchema.safeParse(body.data);
  if (!parsed.success) throw new Error(M.setupGeneric);
  return parsed.data;
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: getTwoFactorSetup });
}
