import { getRuntimeConfig } from '@manager/platform';

/**
 * Image paths are stored relative to the uploads base ("<uuid>.png"); older rows may hold
 * "/uploads/<name>" or a full URL. Returns null when there is no image.
 */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  const base = getRuntimeConfig().uploadsBaseUrl;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return prefix + path.replace(/^\/?(uploads\/)?/, '');
}
