import { configurePlatform, loadRuntimeConfig, useAuthStore } from '@manager/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import routes from '../routes';
import { HarnessApp } from './harness-app';

// The team's stand-alone harness: the same config.json and platform as the shell, no shell.
async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    configurePlatform(await loadRuntimeConfig('/config.json'));
  } catch (error) {
    root.render(<p role="alert">Cannot load config.json: {String(error)}</p>);
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
