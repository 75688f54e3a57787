import { Menu, type MenuProps } from '@manager/ui';
import { useState } from 'react';
import { useLocation, useNavigate } from '@manager/platform';
import { selectedKeyForPath, groupForPath } from './menu-items';
import { useExtraAreas } from '../remotes/extra-areas';
import { useAllowedMenu } from './use-allowed-menu';

/**
 * A group opened by a navigation appears at once, without antd's collapse motion: the motion
 * reads the group's `scrollHeight` as it starts, which forces the browser to lay out the whole
 * console while the new page is being drawn (about 200 ms of the users list's first visit at
 * CPU 4x). A group the administrator opens or closes still slides.
 */
const STILL: MenuProps['motion'] = { motionAppear: false, motionEnter: false, motionLeave: false };

/** Groups open according to the current path; a click navigates (and closes the drawer). */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useAllowedMenu();
  const current = groupForPath(pathname, useExtraAreas());
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current] : []);
  const [animated, setAnimated] = useState(false);
  // The path's group opens in the same render as the path changes (no second commit).
  const [openedFor, setOpenedFor] = useState(current);
  if (openedFor !== current) {
    setOpenedFor(current);
    if (current && !openKeys.includes(current)) {
      setAnimated(false);
      setOpenKeys([...openKeys, current]);
    }
  }

  return (
    <nav aria-label="Main menu">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[selectedKeyForPath(pathname)]}
        openKeys={openKeys}
        motion={animated ? undefined : STILL}
        onOpenChange={(keys) => {
          setAnimated(true);
          setOpenKeys(keys);
        }}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
