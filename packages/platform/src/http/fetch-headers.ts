import { CONSOLE_VERSION_HEADER } from '@manager/contract';
import { getAccessToken } from '../auth/storage.ts';
import { getRuntimeConfig, resolveApiKey } from '../config.ts';
import { getConsoleVersion } from './console-version.ts';
import { resolveApiPath } from './paths.ts';

/**
 * The headers the API client sends (bearer, API key, console builds), for a `fetch` it cannot
 * make: a body read as it arrives (an export, the event stream).
 */
export function fetchHeaders(accept: string): Headers {
  const runtime = getRuntimeConfig();
  const h = new Headers({ Accept: accept });
  const token = getAccessToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  h.set(runtime.apiKeyHeader, resolveApiKey(runtime, window.location.hostname));
  const version = getConsoleVersion();
  if (version) h.set(CONSOLE_VERSION_HEADER, version);
  return h;
}

/** The absolute URL of an API path, as the client would call it. */
export function apiUrl(path: string, params?: URLSearchParams): string {
  const base = getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '');
  const search = params?.toString();
  return `${base}${resolveApiPath(path)}${search ? `?${search}` : ''}`;
}
