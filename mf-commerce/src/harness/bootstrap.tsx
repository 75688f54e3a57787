import { configurePlatform, loadRuntimeConfig, useAuthStore, type RemoteRoute } from '@manager/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAntdOnDemand } from '@manager/ui';
import { HarnessApp } from './harness-app';

// The team's stand-alone harness: the same config.json and platform as the shell, no shell.
async function start() {
  const root = createRoot(document.getElementById('root')!);
  let routes: RemoteRoute[];
  try {
    // The harness renders the pages directly (no shell area waits for antd's on-demand chunk).
    // Routes imported, not linked in: the exposed `./routes` is then one chunk, not a re-export
    // of a chunk shared with this harness (a request and a round trip more for the shell).
    const [config, { default: loaded }] = await Promise.all([
      loadRuntimeConfig('/config.json'),
      import('../routes'),
      loadAntdOnDemand(),
    ]);
    routes = loaded;
    configurePlatform(config);
  } catch (error) {
    root.render(<p role="alert">Cannot start the harness: {String(error)}</p>);
    return;
  }
  void useAuthStore.getState().initialize();
  root.render(
    <StrictMode>
      <HarnessApp routes={routes} />
    </StrictMode>,
  );
}

void start();
