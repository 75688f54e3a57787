import type { ReactNode } from 'react';
import { holds, type Needed } from './access.ts';
import { useAuthStore } from './store.ts';

/**
 * Whether the signed-in admin holds `permission` (or any of several), from the profile's
 * snapshot; the component re-renders when a profile refresh changes it.
 */
export function useCan(permission: Needed): boolean {
  return useAuthStore((s) => holds(s.permissions, permission));
}

/** Draws `children` only for an admin holding `permission` (any of several), else `fallback`. */
export function Can({
  permission,
  fallback = null,
  children,
}: {
  permission: Needed;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return useCan(permission) ? children : fallback;
}
