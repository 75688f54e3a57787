import { Menu } from '@manager/ui';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@manager/platform';
import { groupForPath, menuItems, selectedKeyForPath } from './menu-items';

/** Groups open according to the current path; a click navigates (and closes the drawer). */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = groupForPath(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current] : []);

  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(current) ? keys : [...keys, current]));
  }, [current]);

  return (
    <nav aria-label="Main menu">
      <Menu
        mode="inline"
        items={menuItems}
        selectedKeys={[selectedKeyForPath(pathname)]}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
