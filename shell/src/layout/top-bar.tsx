import { MenuOutlined } from '@manager/ui';
import { useAuthStore, useMetrics } from '@manager/platform';
import { abbreviateNumber } from '@manager/ui';
import { Button, Flex, PlainText } from '@manager/ui';
import { TestBuildNotice } from '../remotes/test-build';
import { UpdateNotice } from '../remotes/update-notice';
import { AboutButton } from '../features/about/components/about-button';
import { PaletteButton } from '../features/palette/components/palette-button';
import { DarkModeSwitch } from '../features/theme/dark-mode-switch';

/** Plain text: the top bar is drawn first, antd's Typography loads on demand. */
function Counter({ label, value }: { label: string; value: number }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <PlainText tone="secondary">{label}: </PlainText>
      <PlainText strong>{abbreviateNumber(value)}</PlainText>
    </span>
  );
}

/**
 * Live counters (polled by the platform every 5 s), test builds, the remotes' update offers,
 * the command palette's button, Dark mode, About and Logout.
 */
export function TopBar({
  onOpenMenu,
  onOpenPalette,
}: {
  onOpenMenu?: () => void;
  onOpenPalette?: () => void;
}) {
  const { totalUsers, onlineUsers, activeGames } = useMetrics();
  const logout = useAuthStore((s) => s.logout);
  return (
    <Flex align="center" gap={8} style={{ width: '100%' }}>
      {onOpenMenu && <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={onOpenMenu} />}
      {/* Counters wrap among themselves so the menu button, About and Logout stay on one row. */}
      <Flex align="center" gap="4px 16px" wrap style={{ flex: 1, minWidth: 0 }}>
        <Counter label="Total Users" value={totalUsers} />
        <Counter label="Online" value={onlineUsers} />
        <Counter label="Active Games" value={activeGames} />
        <TestBuildNotice />
        <UpdateNotice />
      </Flex>
      {onOpenPalette && <PaletteButton onOpen={onOpenPalette} />}
      <DarkModeSwitch />
      <AboutButton />
      <Button onClick={() => void logout()}>Logout</Button>
    </Flex>
  );
}
