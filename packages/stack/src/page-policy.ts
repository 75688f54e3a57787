// The console page's policy: the Content-Security-Policy and the other headers its HTML is
// served with, computed from what the page will load (config.json, remotes.json). The static
// server of `pnpm start` computes it on every page answer; run as a command, it prints the
// header for an nginx configuration (deploy/README.md):
//   pnpm --filter @manager/stack page-policy <config.json> [remotes.json]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** On every answer: a file is only ever what its Content-Type says (no sniffing a JSON as a script). */
export const EVERY_ANSWER_HEADERS = { 'X-Content-Type-Options': 'nosniff' };

/**
 * Stands for the page's own origin while relative URLs are resolved: a URL that resolves to
 * it is on the console's origin ('self'). `.invalid` never names a real host (RFC 6761).
 */
const SELF = 'https://console-page.invalid';

/**
 * The origin of `url` (resolved against `base`) as a CSP source: `'self'` on the page's own
 * origin, the origin for http(s), null for anything else. A host is taken only as letters,
 * digits, dots and hyphens (or a bracketed IPv6 address): a config value can never add a
 * wildcard, a keyword or a directive of its own (`;`) to the policy.
 */
function sourceOf(url: unknown, base = SELF): string | null {
  if (typeof url !== 'string' || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url, new URL(base, SELF));
  } catch {
    return null;
  }
  if (parsed.origin === SELF) return "'self'";
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(parsed.hostname)) return null;
  return parsed.origin;
}

/** Every manifest URL a `remotes.json` names: each remote's live entry and its canary's. */
function remoteEntries(remotes: unknown): unknown[] {
  if (!remotes || typeof remotes !== 'object') return [];
  return Object.values(remotes).flatMap((target: unknown) => {
    if (typeof target === 'string') return [target];
    if (!target || typeof target !== 'object') return [];
    const { entry, canary } = target as { entry?: unknown; canary?: { entry?: unknown } | null };
    return [entry, canary?.entry];
  });
}

/** Sources in order, each once, without the nulls of values that are not URLs. */
const sources = (...list: Array<string | null | Array<string | null>>): string[] => [
  ...new Set(list.flat().filter((s): s is string => Boolean(s))),
];

/** What the policy reads of a `config.json`: any other value of a field is ignored. */
export interface PageConfig {
  apiBaseUrl?: unknown;
  uploadsBaseUrl?: unknown;
  nftImageBaseUrl?: unknown;
  remotesManifestUrl?: unknown;
  remoteOverrideOrigins?: unknown;
}

/**
 * The Content-Security-Policy of a console page (the shell, or a remote's harness) whose
 * `config.json` is `config` and whose `remotes.json` is `remotes`:
 *
 * - scripts from the page's origin, each remote's origin (a remote's entry and chunks come
 *   from its manifest's origin: `publicPath: 'auto'`) and the QA override origins; never
 *   inline, never `eval`;
 * - calls (fetch) to those and the API; `remotes.json` from wherever config.json says;
 * - images from the page, the API and its uploads, `data:`/`blob:` (upload previews) and any
 *   https host: gift pictures come from the internet and fall back to a placeholder;
 * - styles from the page and inline: antd writes its CSS variables in `<style>` elements and
 *   positions overlays with `style` attributes at run time (docs/security.md says why this is
 *   kept);
 * - no plugins, no `<base>` elsewhere, forms only to the page, never framed.
 *
 * Relative URLs in `remotes.json` are taken from where `remotes.json` is served
 * (`remotesManifestUrl`, itself relative to the page by default).
 */
export function contentSecurityPolicy({
  config,
  remotes,
}: { config?: unknown; remotes?: unknown } = {}): string {
  const c: PageConfig = config && typeof config === 'object' ? config : {};
  const manifestUrl =
    typeof c.remotesManifestUrl === 'string' && c.remotesManifestUrl ? c.remotesManifestUrl : '/remotes.json';
  const manifestBase = sourceOf(manifestUrl) ? new URL(manifestUrl, SELF).href : SELF;
  const remoteOrigins = remoteEntries(remotes).map((entry) => sourceOf(entry, manifestBase));
  const overrideOrigins = (Array.isArray(c.remoteOverrideOrigins) ? c.remoteOverrideOrigins : []).map((o) =>
    sourceOf(o),
  );
  const api = sourceOf(c.apiBaseUrl);
  // `https:` already covers every https host: only a plain-http one (a local API) is listed.
  const images = [api, sourceOf(c.uploadsBaseUrl), sourceOf(c.nftImageBaseUrl)].filter(
    (s) => s && !s.startsWith('https://'),
  );

  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', sources("'self'", remoteOrigins, overrideOrigins)],
    ['connect-src', sources("'self'", api, sourceOf(manifestUrl), remoteOrigins, overrideOrigins)],
    ['img-src', sources("'self'", 'data:', 'blob:', 'https:', images)],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, list]) => `${name} ${list.join(' ')}`).join('; ');
}

/**
 * The headers of an HTML answer: its policy, never in a frame (`X-Frame-Options` for browsers
 * that predate `frame-ancestors`), and no address of the console sent to other sites (a
 * player's page, a filter in a URL).
 */
export function pageHeaders(policy: string): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  };
}

/** A JSON file, or null when it is missing or not JSON (the policy then allows less, never more). */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // Through `pnpm --filter`, the files are named from where the command was typed (INIT_CWD).
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const [configFile, remotesFile] = process.argv.slice(2).filter((arg) => arg !== '--');
  const config = configFile && readJsonFile(from(configFile));
  if (!config) {
    console.error(
      'usage: page-policy <config.json> [remotes.json]  (config.json must be a readable JSON file)',
    );
    process.exit(1);
  }
  const remotes = remotesFile ? readJsonFile(from(remotesFile)) : null;
  if (remotesFile && !remotes) {
    console.error(`${remotesFile} is not a readable JSON file`);
    process.exit(1);
  }
  console.log(contentSecurityPolicy({ config, remotes }));
}
