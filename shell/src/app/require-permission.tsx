import { permissionForPath, type Permission } from '@manager/contract';
import { holds, useAuthStore, useLocation } from '@manager/platform';
import { useEffect, type ReactNode } from 'react';
import { AccessDeniedPage } from '../features/access-denied/access-denied-page';
import { SessionLoading } from './require-auth';

/**
 * The route guard: a page draws (and a remote loads) only for an admin holding the permission
 * its route needs (`permissionForPath`, the table the menu reads); otherwise "Access denied",
 * never a blank page or a redirect. While the profile is unknown (it could not be read at
 * sign-in) it is read again.
 */
export function RequirePermission({
  children,
  permission,
}: {
  children: ReactNode;
  /** What the route needs when the table does not know it: an area from outside the console. */
  permission?: Permission;
}) {
  const { pathname } = useLocation();
  const permissions = useAuthStore((s) => s.permissions);
  const refreshProfile = useAuthStore((s) => s.refreshProfile);
  const needed = permission ?? permissionForPath(pathname);
  const unknown = needed !== null && permissions === null;
  useEffect(() => {
    if (unknown) void refreshProfile();
  }, [unknown, refreshProfile]);
  if (needed === null) return children;
  if (unknown) return <SessionLoading />;
  if (!holds(permissions, needed)) return <AccessDeniedPage permission={needed} />;
  return children;
}
