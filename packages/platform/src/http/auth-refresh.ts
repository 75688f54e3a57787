import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { adminSchema, SUCCESS_CODE } from '@manager/contract';
import { clearSession, getAccessToken, getRefreshToken, saveSession } from '../auth/storage.ts';
import { emitSessionEvent } from '../auth/session-events.ts';
import { redirectToLogin } from '../navigation.ts';
import { ApiError, ERROR_MESSAGES, toApiError } from './errors.ts';
import { isCredentialCall } from './paths.ts';
import { createRefreshQueue } from './refresh-queue.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not attempt a token refresh when this call gets a 401 (e.g. sign-out). */
    skipAuthRefresh?: boolean;
    /** Set on the single retry after a refresh, so a second 401 is final (no loops). */
    isRetryAfterRefresh?: boolean;
  }
}

type RefreshBody = {
  code?: unknown;
  data?: { tokens?: { accessToken?: unknown; refreshToken?: unknown }; admin?: unknown };
};

/** POST /auth/refresh-token; stores the new pair (and admin) and returns the access token. */
async function refreshAccessToken(client: AxiosInstance): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new ApiError(ERROR_MESSAGES.noRefreshToken);
  let response: AxiosResponse<RefreshBody>;
  try {
    response = await client.post<RefreshBody>(
      '/auth/refresh-token',
      { refreshToken },
      { skipAuthRefresh: true },
    );
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    throw new ApiError(ERROR_MESSAGES.refreshFailed, { status, cause: error });
  }
  const body = response.data;
  const tokens = body?.data?.tokens;
  if (body?.code !== SUCCESS_CODE || typeof tokens?.accessToken !== 'string' || !tokens.accessToken) {
    throw new ApiError(ERROR_MESSAGES.refreshFailed, { status: response.status, data: body });
  }
  const admin = adminSchema.safeParse(body.data?.admin);
  saveSession({
    accessToken: tokens.accessToken,
    refreshToken: typeof tokens.refreshToken === 'string' ? tokens.refreshToken : undefined,
    admin: admin.success ? admin.data : undefined,
  });
  emitSessionEvent({ type: 'refreshed', admin: admin.success ? admin.data : undefined });
  return tokens.accessToken;
}

/** The refresh failed: the session is over for the whole page. */
function expireSession(): void {
  clearSession();
  emitSessionEvent({ type: 'expired' });
  redirectToLogin();
}

/**
 * Response interceptor: a 401 from any call but the credential calls triggers one shared
 * refresh and a single retry with the new token; when the refresh fails the caller gets
 * its original 401 (with the refresh error as `cause`).
 */
export function installAuthRefresh(client: AxiosInstance): void {
  const queue = createRefreshQueue({ refresh: () => refreshAccessToken(client), onFailure: expireSession });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error)) throw error;
    const { config, response } = error as AxiosError;
    if (
      response?.status !== 401 ||
      !config ||
      config.skipAuthRefresh ||
      config.isRetryAfterRefresh ||
      isCredentialCall(config.url)
    ) {
      throw error;
    }
    // A response that was sent before another burst's refresh finished only needs the
    // token that refresh already stored, not a refresh of its own.
    const current = getAccessToken();
    const sentWith = config.headers.get('Authorization');
    // Signed out since this request left (a failed refresh or a logout): nothing to refresh,
    // and the redirect has already happened once.
    if (!current && sentWith) throw toApiError(error as AxiosError);
    let token: string;
    try {
      token = current && sentWith !== `Bearer ${current}` && !queue.pending ? current : await queue.acquire();
    } catch (refreshError) {
      throw toApiError(error as AxiosError, refreshError);
    }
    config.isRetryAfterRefresh = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return client.request(config);
  });
}
