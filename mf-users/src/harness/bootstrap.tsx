import { configurePlatform, loadRuntimeConfig, useAuthStore } from '@manager/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAntdOnDemand } from '@manager/ui';
import routes from '../routes';
import { HarnessApp } from './harness-app';

// The team's stand-alone harness: the same config.json and platform as the shell, no shell.
async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // The harness renders the pages directly (no shell area waits for antd's on-demand chunk).
    const [config] = await Promise.all([loadRuntimeConfig('/config.json'), loadAntdOnDemand()]);
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
