import { z } from 'zod';
import { REMOTE_NAMES } from './routes';

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
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** `remotes.json`: remote name -> URL of its `mf-manifest.json`. */
export const remotesManifestSchema = z.object(
  Object.fromEntries(REMOTE_NAMES.map((n) => [n, z.string().min(1)])) as Record<
    (typeof REMOTE_NAMES)[number],
    z.ZodString
  >,
);
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** Federation names of the remotes (identifiers, as Module Federation wants). */
export const federationName = (remote: (typeof REMOTE_NAMES)[number]) => `mf_${remote}` as const;
