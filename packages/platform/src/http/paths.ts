import { calls } from '@manager/contract';

const MANAGER = '/manager';

const startsWithSegment = (path: string, segment: string) =>
  path === segment || path.startsWith(`${segment}/`) || path.startsWith(`${segment}?`);

/**
 * docs/api.md: paths not under /auth or /manager get a /manager prefix, and a doubled
 * /manager (callers that already wrote it) collapses to one. Absolute URLs are left alone.
 */
export function resolveApiPath(url: string): string {
  if (/^[a-z][a-z\d+\-.]*:\/\//i.test(url)) return url;
  let path = url.startsWith('/') ? url : `/${url}`;
  while (startsWithSegment(path, `${MANAGER}${MANAGER}`)) path = path.slice(MANAGER.length);
  if (startsWithSegment(path, '/auth') || startsWithSegment(path, MANAGER)) return path;
  return `${MANAGER}${path}`;
}

/**
 * Calls made before a session exists (`auth: false` in the contract: sign-in, its second
 * factor, the enrolment, the refresh): they carry no bearer, and their 401 means "bad
 * credentials", never "expired session", so no refresh for them. Read on first use: in the
 * federated build the contract's module may finish loading after this one.
 */
let credentialPaths: readonly RegExp[] | undefined;

/** A call's path as a pattern: each `:name` segment matches one segment (`/enrolment/:token`). */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);

export function isCredentialCall(url: string | undefined): boolean {
  if (!url) return false;
  credentialPaths ??= Object.values(calls)
    .filter((call) => 'auth' in call && call.auth === false)
    .map((call) => pathPattern(resolveApiPath(call.path)));
  const path = resolveApiPath(url).split('?')[0] ?? '';
  return credentialPaths.some((pattern) => pattern.test(path));
}
