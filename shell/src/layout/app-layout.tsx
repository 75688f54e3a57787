import { Drawer, Layout, PlainHeading, theme, usePhone } from '@manager/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getRuntimeConfig, holds, Outlet, useAuthStore, useLiveEvents } from '@manager/platform';
import { watchLiveRemotes } from '../remotes/live-check';
import { prefetchRemotesWhenIdle } from '../remotes/prefetch';
import { usePalette } from '../features/palette/hooks/use-palette';
import { paletteActions } from './palette-actions';
import { SkipLink, MAIN_CONTENT_ID } from './skip-link';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useAllowedPages } from './use-allowed-menu';

const SIDER_WIDTH = 220;
/** The palette's code loads when it is first asked for (docs/decisions/0018-first-page-budget.md). */
const CommandPalette = lazy(() => import('../features/palette/components/command-palette'));

/** The console's name over the menu (a plain heading: antd's Typography loads on demand). */
function Brand() {
  return (
    <PlainHeading level={4} style={{ padding: '16px 24px' }}>
      Manager
    </PlainHeading>
  );
}

/** Fixed sidebar on wide screens, a slide-out drawer on a phone (below antd's `md`). */
export function AppLayout() {
  const large = !usePhone();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const palette = usePalette();
  const pages = useAllowedPages();
  const permissions = useAuthStore((s) => s.permissions);
  // Signed in and the first page is up: fetch the remotes' code while the admin reads it.
  useEffect(() => prefetchRemotesWhenIdle(), []);
  // Signed in: new releases of the remotes are offered in the top bar.
  useEffect(() => watchLiveRemotes(getRuntimeConfig().remotesCheckSeconds), []);
  // Signed in: other admins' changes refresh what this console shows.
  useLiveEvents();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {large ? (
        <Layout.Sider
          width={SIDER_WIDTH}
          theme="light"
          style={{ position: 'fixed', insetBlock: 0, left: 0, overflow: 'auto' }}
        >
          <Brand />
          <SideMenu />
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH + 40}
          title="Manager"
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout style={{ marginLeft: large ? SIDER_WIDTH : 0 }}>
        {/* antd wraps the header in a <section>, which would hide its banner role. */}
        <Layout.Header
          role="banner"
          style={{
            background: token.colorBgContainer,
            height: 'auto',
            lineHeight: 2,
            padding: large ? '8px 16px' : '8px 12px',
          }}
        >
          <TopBar onOpenMenu={large ? undefined : () => setDrawerOpen(true)} onOpenPalette={palette.show} />
        </Layout.Header>
        {/* The palette and antd's Modal load on demand: keys typed meanwhile are kept for it. */}
        <Suspense fallback={null}>
          {palette.open && (
            <CommandPalette
              pages={pages}
              actions={paletteActions((p) => holds(permissions, p))}
              onClose={palette.close}
              takeTyped={palette.takeTyped}
            />
          )}
        </Suspense>
        <Layout.Content
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ padding: large ? 24 : 12, minWidth: 0, outline: 'none' }}
        >
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
