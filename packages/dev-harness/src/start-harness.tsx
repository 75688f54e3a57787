import { configurePlatform, loadRuntimeConfig, useAuthStore, type RemoteModule } from '@manager/platform';
import { loadAntdOnDemand } from '@manager/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HarnessApp } from './harness-app.tsx';

/** The remote's `./routes` module: `() => import('../routes')`. */
export type LoadRoutes = () => Promise<RemoteModule>;

/**
 * Starts a remote alone in its own page (`#root` of its index.html): the same config.json and
 * platform as the shell, a sign-in against the API, and the remote's routes under a small
 * layout. Call it from the remote's harness entry, behind a dynamic import (the shared
 * singletons are negotiated before React is evaluated).
 */
export async function startHarness(loadRoutes: LoadRoutes): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    // The harness renders the pages directly: nothing else waits for antd's on-demand chunk.
    const [config, { default: routes }] = await Promise.all([
      loadRuntimeConfig('/config.json'),
      loadRoutes(),
      loadAntdOnDemand(),
    ]);
    configurePlatform(config);
    void useAuthStore.getState().initialize();
    root.render(
      <StrictMode>
        <HarnessApp routes={routes} />
      </StrictMode>,
    );
  } catch (error) {
    root.render(<p role="alert">Cannot start the harness: {String(error)}</p>);
  }
}
