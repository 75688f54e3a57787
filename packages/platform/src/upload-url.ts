import { getRuntimeConfig } from './config.ts';

/**
 * The URL of a stored upload. The API stores the bare name `<uuid>.<ext>` and serves it under
 * the runtime `uploadsBaseUrl`; a leading `/` or `uploads/` (as a provider may answer) is
 * tolerated. Absolute `http(s):`, `data:` and `blob:` URLs are returned as they are; no path
 * is null.
 */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  const base = getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
