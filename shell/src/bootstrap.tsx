import { apiClient, configurePlatform, loadRuntimeConfig, toast, useAuthStore } from '@manager/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepConsoleVersionCurrent } from './lib/console-version';
import { startFirstPage } from './remotes/early-start';
import { captureOverrides } from './remotes/overrides';
import { initRemotes } from './remotes/remote-registry';
import { trackSavedCalls } from './remotes/unsaved-input';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig('/config.json');
    configurePlatform(config);
    // Before the first call (the session check below): every call names the builds it comes from.
    keepConsoleVersionCurrent();
    // QA overrides leave the address bar before the router reads it; a refused one is said.
    for (const refusal of captureOverrides(config.remoteOverrideOrigins)) toast.error(refusal);
    trackSavedCalls(apiClient);
    // Not awaited: the first page renders meanwhile (a remote area waits for it). A missing
    // or broken remotes.json must not stop the console: the areas show it.
    initRemotes(config.remotesManifestUrl, { overrideOrigins: config.remoteOverrideOrigins }).catch(
      (error: unknown) => {
        console.error('Remotes manifest could not be loaded', error);
      },
    );
  } catch (error) {
    root.render(
      <p role="alert" style={{ padding: 24 }}>
        The console could not start: config.json is missing or invalid ({String(error)}).
      </p>,
    );
    return;
  }
  void useAuthStore.getState().initialize();
  // Signed out: the sign-in form's code; opened on a remote's page: that remote, meanwhile.
  startFirstPage(window.location.pathname);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
