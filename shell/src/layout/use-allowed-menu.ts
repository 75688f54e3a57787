import { useMemo } from 'react';
import { holds, useAuthStore } from '@manager/platform';
import { useExtraAreas } from '../remotes/extra-areas';
import { allowedMenuItems, menuPages } from './menu-items';

/** The sidebar's items for the signed-in admin; new when the profile's permissions change. */
export function useAllowedMenu() {
  const permissions = useAuthStore((s) => s.permissions);
  const extras = useExtraAreas();
  return useMemo(() => allowedMenuItems((p) => holds(permissions, p), extras), [permissions, extras]);
}

/** The palette's pages: the same pages the admin's sidebar shows. */
export function useAllowedPages() {
  const items = useAllowedMenu();
  return useMemo(() => menuPages(items), [items]);
}
