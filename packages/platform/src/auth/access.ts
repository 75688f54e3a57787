import { PERMISSION_NAMES, type AdminRole, type Permission, type ProfileResponse } from '@manager/contract';

/**
 * What the signed-in admin may do, as the profile last said (docs/security.md, Roles and
 * permissions): read once with the profile, never per row. The API decides on every call; this
 * only keeps the console from offering what it would refuse.
 */
export interface Access {
  roles: readonly AdminRole[];
  permissions: ReadonlySet<string>;
}

/** A profile without roles comes from an API that predates them, where every admin may do everything. */
export function accessFromProfile(profile: ProfileResponse): Access {
  return {
    roles: profile.roles ?? [],
    permissions: new Set<string>(profile.permissions ?? PERMISSION_NAMES),
  };
}

/** What a screen needs: one permission, or any of several. */
export type Needed = Permission | readonly Permission[];

/** Whether `permissions` (null: not known yet, so nothing is offered) hold what is needed. */
export function holds(permissions: ReadonlySet<string> | null, needed: Needed): boolean {
  if (!permissions) return false;
  return typeof needed === 'string' ? permissions.has(needed) : needed.some((p) => permissions.has(p));
}

/** The permission a 403 names (`data.permission` of its body), if any. */
export function refusedPermission(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const permission = (data as { permission?: unknown }).permission;
  return typeof permission === 'string' && permission ? permission : undefined;
}
