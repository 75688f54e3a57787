// What the console's server answers at `/config.json` and `/remotes.json` (both no-cache).
import fs from 'node:fs';
import path from 'node:path';

/** `config.json` of the stack (`runtimeConfigSchema` in @manager/contract). */
export function runtimeConfig({
  env,
  apiOrigin,
  consoleOrigin,
  apiKey,
}: {
  env: Record<string, string | undefined>;
  apiOrigin: string;
  consoleOrigin: string;
  apiKey: string;
}) {
  return {
    apiBaseUrl: apiOrigin,
    apiKey,
    apiKeyHeader: env.API_KEY_HEADER ?? 'x-api-key',
    remotesManifestUrl: '/remotes.json',
    uploadsBaseUrl: `${apiOrigin}/uploads/`,
    nftImageBaseUrl: env.NFT_IMAGE_BASE_URL ?? 'https://nft.fragment.com/gift/',
    // QA may point a remote at another release served by the console itself
    // (`?override.<remote>=<manifest URL>`); any other origin is refused by the shell.
    remoteOverrideOrigins: [consoleOrigin],
  };
}

/**
 * `remotes.json`: the live pointer that `pnpm promote` writes into RELEASES_DIR, merged over
 * the working tree's builds (each `mf-<remote>/dist` on its port), so a remote never promoted
 * keeps running from its own server as before, also for everyone but a canary's admins.
 * `workingTree` maps a remote to the origin serving its dist and that dist folder; the entry
 * carries the dist's `build.json` (version, commit, build time) when there is one.
 */
export function servedRemotes({
  releasesDir,
  workingTree,
}: {
  releasesDir: string;
  workingTree: Record<string, { origin: string; dist: string }>;
}): Record<string, unknown> {
  const served: Record<string, unknown> = {};
  for (const [remote, { origin, dist }] of Object.entries(workingTree)) {
    const build = readBuildJson(path.join(dist, 'build.json'));
    served[remote] = {
      entry: `${origin}/mf-manifest.json`,
      ...(build ? { version: build.version, commit: build.commit, builtAt: build.builtAt } : {}),
    };
  }
  let live: Record<string, unknown> = {};
  try {
    live = (readJson(path.join(releasesDir, 'remotes.json')) as Record<string, unknown> | undefined) ?? {};
  } catch (error) {
    // Writes are atomic (temp file + rename), so this is a file edited by hand: say so, and
    // keep the console running on the working tree's builds.
    console.error(
      `ignoring ${path.join(releasesDir, 'remotes.json')}: ${error instanceof Error ? error.message : error}`,
    );
  }
  // A canary of a remote never promoted (`{ canary }`, no `entry`): everyone else keeps the
  // working tree's build, so the entry is merged over it.
  const merged = { ...served };
  for (const [remote, entry] of Object.entries(live)) {
    const canaryOnly = typeof entry === 'object' && entry !== null && !('entry' in entry);
    merged[remote] = canaryOnly ? { ...(served[remote] as object | undefined), ...entry } : entry;
  }
  return merged;
}

/** What the stack reads of a dist's build.json. */
interface BuildJson {
  version?: string;
  commit?: string;
  builtAt?: string;
}

/** A dist's build.json, or undefined when there is none (or it cannot be read). */
function readBuildJson(file: string): BuildJson | undefined {
  try {
    return readJson(file) as BuildJson | undefined;
  } catch {
    return undefined;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return undefined;
    throw error;
  }
}
