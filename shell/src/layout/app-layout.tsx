import { antdOnDemandLoaded, Drawer, Grid, Layout, Typography } from '@manager/ui';
import { useEffect, useState } from 'react';
import { Outlet } from '@manager/platform';
import { REMOTE_NAMES } from '@manager/contract';
import { prefetchRemotesWhenIdle } from '../remotes/prefetch';
import { forgetWarmPages, warmPage } from '../remotes/warm-pages';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const SIDER_WIDTH = 220;

function Brand() {
  return (
    <Typography.Title level={4} style={{ margin: 0, padding: '16px 24px' }}>
      Manager
    </Typography.Title>
  );
}

/** Fixed sidebar on large screens, a slide-out drawer below the lg breakpoint. */
export function AppLayout() {
  const screens = Grid.useBreakpoint();
  const large = screens.lg ?? true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Signed in and the first page is up: fetch the remotes' code while the admin reads it, and
  // draw each remote's first page once, hidden, so a first visit does not run cold code.
  useEffect(() => {
    const cancel = prefetchRemotesWhenIdle(REMOTE_NAMES, (_name, routes) => {
      const first = routes.find((route) => !route.path.includes(':'));
      // Without antd's on-demand chunk (its prefetch failed) the page would only wait for it.
      if (first && antdOnDemandLoaded()) warmPage(first);
    });
    return () => {
      cancel();
      forgetWarmPages();
    };
  }, []);

  return (
    <Layout style={{ minHeight: '100vh' }}>
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
          style={{ background: '#fff', height: 'auto', lineHeight: 2, padding: '8px 16px' }}
        >
          <TopBar onOpenMenu={large ? undefined : () => setDrawerOpen(true)} />
        </Layout.Header>
        <Layout.Content style={{ padding: large ? 24 : 12, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
