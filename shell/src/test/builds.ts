import type { RemoteBuild } from '../remotes/versions';

/** A remote build as the registry records it; the fields a test cares about given. */
export const remoteBuild = (over: Partial<RemoteBuild> = {}): RemoteBuild => ({
  entry: 'https://console.test/releases/settings/0.1.0-3f9a2c1b/mf-manifest.json',
  version: '0.1.0-3f9a2c1b',
  commit: '0123456789ab',
  builtAt: '2026-02-03T04:05:06.000Z',
  requires: {},
  canary: false,
  override: false,
  ...over,
});

/** A build known only by its manifest URL (a working-tree build remotes.json says nothing more of). */
export const bareBuild = (entry: string, over: Partial<RemoteBuild> = {}): RemoteBuild =>
  remoteBuild({ entry, version: null, commit: null, builtAt: null, ...over });
