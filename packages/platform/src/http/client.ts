import axios, { type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { CONSOLE_VERSION_HEADER, type Envelope } from '@manager/contract';
import { refusedPermission } from '../auth/access.ts';
import { emitSessionEvent } from '../auth/session-events.ts';
import { getAccessToken } from '../auth/storage.ts';
import { getRuntimeConfig, resolveApiKey } from '../config.ts';
import { installAuthRefresh } from './auth-refresh.ts';
import { getConsoleVersion } from './console-version.ts';
import { installStepUp } from './step-up.ts';
import {
  ApiError,
  errorFromResponse,
  INVALID_BODY,
  isInvalidBody,
  toApiError,
  type InvalidBody,
} from './errors.ts';
import { isCredentialCall, resolveApiPath } from './paths.ts';

/**
 * Replaces axios' lenient JSON parsing, which silently hands back the raw text: a body that
 * is not JSON becomes a marker, turned into `Invalid server response` (docs/screens.md).
 */
function parseBody(this: InternalAxiosRequestConfig, data: unknown): unknown {
  if (typeof data !== 'string' || (this.responseType && this.responseType !== 'json')) return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return { [INVALID_BODY]: true, text: data } satisfies InvalidBody;
  }
}

/** The one axios instance of the page (shared through Module Federation). */
export const apiClient = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  transformResponse: [parseBody],
});

apiClient.interceptors.request.use((config) => {
  const runtime = getRuntimeConfig();
  config.baseURL ??= runtime.apiBaseUrl;
  if (config.url !== undefined) config.url = resolveApiPath(config.url);
  // The browser must write the multipart boundary itself; a JSON type would also make
  // axios serialise the FormData to JSON.
  const multipart = typeof FormData !== 'undefined' && config.data instanceof FormData;
  // A JSON type on an empty body is refused by strict servers (PATCH .../toggle-status).
  if (multipart || config.data === undefined || config.data === null) config.headers.delete('Content-Type');
  const token = getAccessToken();
  if (token && !config.headers.has('Authorization') && !isCredentialCall(config.url)) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  config.headers.set(runtime.apiKeyHeader, resolveApiKey(runtime, window.location.hostname));
  // Every call, sign-in and token refresh included: the audit rows it writes name the builds.
  const consoleVersion = getConsoleVersion();
  if (consoleVersion) config.headers.set(CONSOLE_VERSION_HEADER, consoleVersion);
  return config;
});

installAuthRefresh(apiClient);
/** The client's step-up confirmations, for the exports' streamed `fetch` (csv-export/fetch-csv.ts). */
export const stepUpConfirmations = installStepUp(apiClient);

// Last in the chain: every rejection leaves the client as an ApiError.
apiClient.interceptors.response.use(
  (response) => {
    if (isInvalidBody(response.data)) throw errorFromResponse(response);
    return response;
  },
  (error: unknown) => {
    if (axios.isCancel(error)) throw error;
    if (error instanceof ApiError || axios.isAxiosError(error)) {
      const apiError = error instanceof ApiError ? error : toApiError(error);
      // A refusal naming a permission: the profile's snapshot may be stale, read it again.
      const permission = apiError.status === 403 ? refusedPermission(apiError.data) : undefined;
      if (permission) emitSessionEvent({ type: 'refused', permission });
      throw apiError;
    }
    // e.g. a request interceptor that threw (platform not configured)
    throw new ApiError(error instanceof Error ? error.message : String(error), { cause: error });
  },
);

/** Thin wrappers resolving to the response body (the `{ code, message, data }` envelope). */
export const http = {
  get: <T = Envelope<unknown>>(url: string, config?: AxiosRequestConfig) =>
    apiClient.get<T>(url, config).then((r) => r.data),
  delete: <T = Envelope<unknown>>(url: string, config?: AxiosRequestConfig) =>
    apiClient.delete<T>(url, config).then((r) => r.data),
  post: <T = Envelope<unknown>>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    apiClient.post<T>(url, body, config).then((r) => r.data),
  put: <T = Envelope<unknown>>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    apiClient.put<T>(url, body, config).then((r) => r.data),
  patch: <T = Envelope<unknown>>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    apiClient.patch<T>(url, body, config).then((r) => r.data),
};
