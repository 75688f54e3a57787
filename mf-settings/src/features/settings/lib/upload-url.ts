import { getRuntimeConfig } from '@manager/platform';

/** Stored images are `/uploads/<name>`; the browser loads them from the runtime uploads base. */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  const base = getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
