import { useAuthStore } from './auth/store.ts';
import { http } from './http/client.ts';
import { queryClient } from './query.ts';

/**
 * Identity of this copy of the platform. Module Federation must give the page exactly one;
 * an e2e test compares the id seen by the shell and by each remote.
 */
export const platformInstanceId: string =
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

type PlatformProbe = {
  /** The first platform copy loaded on the page. */
  instanceId: string;
  authStore: typeof useAuthStore;
  /** The shared client, so QA can fire a burst of calls through the real refresh queue. */
  http: typeof http;
  /** The shared query cache, so the navigation benchmark can time pages with cold data. */
  queryClient: typeof queryClient;
  /** Every copy that was evaluated: more than one entry means the singleton broke. */
  instances: string[];
};

declare global {
  interface Window {
    __MANAGER_PLATFORM__?: PlatformProbe;
  }
}

function createPlatformProbe(): PlatformProbe {
  return {
    instanceId: platformInstanceId,
    authStore: useAuthStore,
    http,
    queryClient,
    instances: [platformInstanceId],
  };
}

if (typeof window !== 'undefined') {
  const existing = window.__MANAGER_PLATFORM__;
  if (existing) existing.instances.push(platformInstanceId);
  else window.__MANAGER_PLATFORM__ = createPlatformProbe();
}
