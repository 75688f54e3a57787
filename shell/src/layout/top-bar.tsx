import {
  InfoCircleOutlined,
  LogoutOutlined,
  MenuOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
  usePhone,
  VisuallyHidden,
} from '@manager/ui';
import type { ReactNode } from 'react';
import { paths } from '@manager/contract';
import { useAuthStore, useMetrics, useNavigate } from '@manager/platform';
import { abbreviateNumber } from '@manager/ui';
import { Button, Flex, PlainText } from '@manager/ui';
import { TestBuildNotice } from '../remotes/test-build';
import { UpdateNotice } from '../remotes/update-notice';
import { AboutButton } from '../features/about/components/about-button';
import { InboxEntry } from '../features/inbox/components/inbox-entry';
import { PaletteButton } from '../features/palette/components/palette-button';
import { DarkModeSwitch } from '../features/theme/dark-mode-switch';

/** The online counter's mark on a phone: a green dot, as the users list marks a player online. */
const ONLINE_DOT = (
  <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: '#52c41a' }} />
);

/**
 * A counter in plain text (the top bar is drawn first, antd's Typography loads on demand). On a
 * phone its label is an icon on screen (the label in its tooltip) and the brief's whole label
 * for a screen reader.
 */
function Counter({
  label,
  mark,
  value,
  phone,
}: {
  label: string;
  mark: ReactNode;
  value: number;
  phone: boolean;
}) {
  return (
    <span style={{ whiteSpace: 'nowrap' }} title={phone ? label : undefined}>
      {phone ? (
        <>
          <VisuallyHidden>{label}: </VisuallyHidden>
          <PlainText tone="secondary">
            <span aria-hidden="true" style={{ marginRight: 4 }}>
              {mark}
            </span>
          </PlainText>
        </>
      ) : (
        <PlainText tone="secondary">{label}: </PlainText>
      )}
      <PlainText strong>{abbreviateNumber(value)}</PlainText>
    </span>
  );
}

/**
 * Live counters (polled by the platform every 5 s), test builds, the remotes' update offers,
 * the command palette's button, the inbox's bell, Dark mode, About, My security and Logout. On a phone it is one
 * row: counters marked by icons, and About, My security and Logout as named icons.
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
  const navigate = useNavigate();
  const phone = usePhone();
  // Every admin's own sessions, second factor and passkeys, whatever their roles (docs/security.md).
  const openSecurity = () => void navigate(paths.security);
  return (
    <Flex align="center" gap={phone ? 4 : 8} style={{ width: '100%' }}>
      {onOpenMenu && <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={onOpenMenu} />}
      {/* Counters wrap among themselves so the menu button, About and Logout stay on one row. */}
      <Flex align="center" gap={phone ? '4px 8px' : '4px 16px'} wrap style={{ flex: 1, minWidth: 0 }}>
        <Counter label="Total Users" mark={<UserOutlined />} value={totalUsers} phone={phone} />
        <Counter label="Online" mark={ONLINE_DOT} value={onlineUsers} phone={phone} />
        <Counter label="Active Games" mark={<PlayCircleOutlined />} value={activeGames} phone={phone} />
        <TestBuildNotice />
        <UpdateNotice />
      </Flex>
      {onOpenPalette && <PaletteButton onOpen={onOpenPalette} />}
      <InboxEntry />
      <DarkModeSwitch />
      <AboutButton icon={phone ? <InfoCircleOutlined aria-hidden /> : undefined} />
      {phone ? (
        <Button
          aria-label="My security"
          title="My security"
          icon={<SafetyCertificateOutlined aria-hidden />}
          onClick={openSecurity}
        />
      ) : (
        <Button onClick={openSecurity}>My security</Button>
      )}
      {phone ? (
        <Button
          aria-label="Logout"
          title="Logout"
          icon={<LogoutOutlined aria-hidden />}
          onClick={() => void logout()}
        />
      ) : (
        <Button onClick={() => void logout()}>Logout</Button>
      )}
    </Flex>
  );
}
