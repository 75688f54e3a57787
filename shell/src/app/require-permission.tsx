import { permissionForPath } from '@manager/contract';
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
export function RequirePermission({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const permissions = useAuthStore((s) => s.permissions);
  const refreshProfile = useAuthStore((s) => s.refreshProfile);
  const needed = permissionForPath(pathname);
  const unknown = needed !== null && permissions === null;
  useEffect(() => {
    if (unknown) void refreshProfile();
  }, [unknown, refreshProfile]);
  if (needed === null) return children;
  if (unknown) return <SessionLoading />;
  if (!holds(permissions, needed)) return <AccessDeniedPage permission={needed} />;
  return children;
}
