import { z } from 'zod';
import { areaSchema } from './areas.ts';
import { REMOTE_NAMES } from './routes.ts';

/**
 * `config.json`, read by the shell (and each remote's dev harness) at start. One build serves
 * every environment; only this file differs (the API key depends on the host).
 */
export const runtimeConfigSchema = z.object({
  /** Origin of the provider API, e.g. http://localhost:3000 (no trailing slash). */
  apiBaseUrl: z.string().url(),
  /** Value of the API key header; `apiKeysByHost` wins when the page's hostname is listed. */
  apiKey: z.string().min(1),
  apiKeysByHost: z.record(z.string(), z.string()).optional(),
  apiKeyHeader: z.string().min(1).default('x-api-key'),
  /** Where the remotes manifest lives (absolute or relative to the page). */
  remotesManifestUrl: z.string().min(1).default('/remotes.json'),
  /** Base for uploaded images (loot boxes, giveaways, banners...). */
  uploadsBaseUrl: z.string().min(1),
  /** Base of the external NFT image host; gift pictures are `${base}${slug}.png`-like. */
  nftImageBaseUrl: z.string().min(1),
  /**
   * Origins a QA engineer may point one remote at in their own browser (a remote override).
   * Empty: overrides are off. An override to any other origin is refused, so a crafted link
   * cannot load foreign code into an admin's session.
   */
  remoteOverrideOrigins: z.array(z.string().url()).default([]),
  /** How often an open console checks `remotes.json` for new releases (also on focus). */
  remotesCheckSeconds: z.number().int().min(10).default(180),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/**
 * Semver ranges of the shared singletons a build needs from the console, by package name:
 * `{ '@manager/ui': '>=0.6.0 <1.0.0' }`. The shell mounts a remote only when what it provides
 * satisfies every range.
 */
export const sharedRequirementsSchema = z.record(z.string(), z.string().min(1));
export type SharedRequirements = z.infer<typeof sharedRequirementsSchema>;

/**
 * What a build says about itself: `build.json` in the output folder of the shell and of every
 * remote. `shared` holds the versions of the shared singletons it was built against.
 */
export const buildInfoSchema = z.object({
  name: z.string().min(1),
  /** The package's version (a release adds a content hash: `0.1.0-3f9a2c1b`). */
  version: z.string().min(1),
  commit: z.string().min(1),
  builtAt: z.string().min(1),
  shared: z.record(z.string(), z.string()),
  /** The area a remote outside the console adds (its menu, pages and permission; areas.ts). */
  area: areaSchema.optional(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/** One build of a remote as `remotes.json` points at it; the release fields are optional. */
export const remoteTargetSchema = z.object({
  /** URL of the build's `mf-manifest.json`, absolute or relative to `remotes.json`. */
  entry: z.string().min(1),
  version: z.string().min(1).optional(),
  commit: z.string().min(1).optional(),
  builtAt: z.string().min(1).optional(),
  requires: sharedRequirementsSchema.optional(),
  /** The area of a remote the shell was not built with, as its release states it. */
  area: areaSchema.optional(),
});
export type RemoteTarget = z.infer<typeof remoteTargetSchema>;

/** A release that only the listed admins (by username) get; everyone else keeps the live one. */
export const remoteCanarySchema = remoteTargetSchema.extend({ admins: z.array(z.string().min(1)).min(1) });
export type RemoteCanary = z.infer<typeof remoteCanarySchema>;

/** A remote's entry in `remotes.json`: a bare manifest URL, or a target with its canary. */
export const remoteEntrySchema = z.union([
  z
    .string()
    .min(1)
    .transform((entry): RemoteTarget & { canary?: RemoteCanary } => ({ entry })),
  remoteTargetSchema.extend({ canary: remoteCanarySchema.optional() }),
]);
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/**
 * `remotes.json`: each remote's live build (`pnpm promote` writes it; `pnpm start` serves the
 * working tree's builds for remotes never promoted). Every remote is optional: the release
 * folder's own file holds only promoted remotes and a CDN may serve it as is; a remote it lacks
 * is unavailable on its own, the others still load. Any other key is an area the shell was not
 * built with (areas.ts); an entry of one that does not parse is dropped alone, so a bad
 * outside release never takes the console's own five down with it.
 */
export const remotesManifestSchema = z
  .object(
    Object.fromEntries(REMOTE_NAMES.map((n) => [n, remoteEntrySchema.optional()])) as Record<
      (typeof REMOTE_NAMES)[number],
      z.ZodOptional<typeof remoteEntrySchema>
    >,
  )
  .catchall(remoteEntrySchema.optional().catch(undefined));
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** Federation names of the remotes (identifiers, as Module Federation wants). */
export const federationName = (remote: string) => `mf_${remote}` as const;
