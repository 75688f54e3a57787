import { useMemo } from 'react';
import { holds, useAuthStore } from '@manager/platform';
import { allowedMenuItems, menuPages } from './menu-items';

/** The sidebar's items for the signed-in admin; new when the profile's permissions change. */
export function useAllowedMenu() {
  const permissions = useAuthStore((s) => s.permissions);
  return useMemo(() => allowedMenuItems((p) => holds(permissions, p)), [permissions]);
}

/** The palette's pages: the same pages the admin's sidebar shows. */
export function useAllowedPages() {
  const items = useAllowedMenu();
  return useMemo(() => menuPages(items), [items]);
}
