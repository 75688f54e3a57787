import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ProxyOptions } from 'vite';
import apps from '@manager/contract/apps.json' with { type: 'json' };

/**
 * An app's development server (`pnpm dev`): on a port of its own (apps.json `devPort`, apart
 * from `pnpm start`'s and the test stack's), it passes the API's paths to the API, so the page
 * calls its own origin and no CORS list has to name it, and it answers `/config.json` (and,
 * for the shell, `/remotes.json`) itself: nothing with an API address or key is tracked.
 *
 *   API_URL      the API to pass calls to; default http://127.0.0.1:3000 (`pnpm api`'s and
 *                `pnpm start`'s), moved by PORT_OFFSET as `pnpm start` moves its API
 *   API_KEY      the API key the page sends (default: the development API's, local-dev-key)
 *   PORT_OFFSET  moves every dev port (and the default API) as it moves `pnpm start`'s
 *   PORT         this one server's port
 */

/** What the console calls on the API: sign-in, the manager calls and uploaded images. */
export const API_PATHS = ['/auth', '/manager', '/uploads'] as const;

/** A dev server's environment, read once per start. */
export interface DevEnv {
  apiUrl: string;
  apiKey: string;
  offset: number;
}

export function devEnv(env: NodeJS.ProcessEnv = process.env): DevEnv {
  const offset = Number(env.PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 1000)
    throw new Error(`PORT_OFFSET must be a whole number from 0 to 1000, not "${env.PORT_OFFSET}"`);
  const apiUrl = (env.API_URL?.trim() || `http://127.0.0.1:${3000 + offset}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiUrl) || !URL.canParse(apiUrl))
    throw new Error(`API_URL must be a URL such as http://127.0.0.1:3000, not "${apiUrl}"`);
  return { apiUrl, apiKey: env.API_KEY?.trim() || 'local-dev-key', offset };
}

/** An app of the list (`shell`, `users`, ...), or a remote outside it with its own dev port. */
export type DevApp = 'shell' | keyof typeof apps.remotes | { devPort: number };

/** The dev port of `app`: PORT, else apps.json's (or the remote's own) moved by PORT_OFFSET. */
export function devPort(app: DevApp, env: NodeJS.ProcessEnv = process.env): number {
  // PORT=0 too is a choice: any free port.
  const fromEnv = env.PORT?.trim() ? Number(env.PORT) : NaN;
  if (Number.isInteger(fromEnv) && fromEnv >= 0) return fromEnv;
  const listed =
    typeof app === 'object' ? app.devPort : app === 'shell' ? apps.shell.devPort : apps.remotes[app].devPort;
  return listed + devEnv(env).offset;
}

/** Vite's proxy: the API's paths (and only those: `/authors` stays the page's) to `apiUrl`. */
export function apiProxy(apiUrl: string): Record<string, ProxyOptions> {
  const paths = API_PATHS.map((p) => p.slice(1)).join('|');
  // xfwd: the API's audit and throttles see the browser's address when it trusts loopback.
  return { [`^/(${paths})([/?]|$)`]: { target: apiUrl, changeOrigin: true, xfwd: true } };
}

/** The page's origin as the browser sees it (localhost or 127.0.0.1, and the port). */
const pageOrigin = (req: IncomingMessage) => `http://${req.headers.host ?? 'localhost'}`;

/** `config.json` of a dev page: the API on the page's own origin, through the proxy. */
export function devRuntimeConfig(origin: string, { apiKey }: Pick<DevEnv, 'apiKey'>) {
  return {
    apiBaseUrl: origin,
    apiKey,
    apiKeyHeader: 'x-api-key',
    remotesManifestUrl: '/remotes.json',
    uploadsBaseUrl: `${origin}/uploads/`,
    nftImageBaseUrl: 'https://nft.fragment.com/gift/',
    remoteOverrideOrigins: [origin],
  };
}

/**
 * The shell's `remotes.json` on its dev server (each remote's dev server) or under `vite
 * preview` (each remote's `vite preview`, on `pnpm start`'s ports), on the page's host name.
 */
export function devRemotes(
  origin: string,
  env: NodeJS.ProcessEnv = process.env,
  served: 'dev' | 'preview' = 'dev',
): Record<string, string> {
  const { hostname } = new URL(origin);
  return Object.fromEntries(
    (Object.keys(apps.remotes) as (keyof typeof apps.remotes)[]).map((remote) => {
      const port =
        served === 'dev' ? devPort(remote, { ...env, PORT: undefined }) : apps.remotes[remote].port;
      return [remote, `http://${hostname}:${port}/mf-manifest.json`];
    }),
  );
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The dev server of `app`: its port, the API proxy, and `/config.json` (and the shell's
 * `/remotes.json`) answered from the environment; `vite preview` answers and passes on the
 * same. A build carries no config: each environment serves one beside it
 * (docs/configuration.md).
 */
export function devServer(app: DevApp): Plugin {
  const env = devEnv();
  const port = devPort(app);
  const answer =
    (served: 'dev' | 'preview') => (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/config.json') return sendJson(res, devRuntimeConfig(pageOrigin(req), env));
      if (app === 'shell' && path === '/remotes.json')
        return sendJson(res, devRemotes(pageOrigin(req), process.env, served));
      next();
    };
  return {
    name: 'manager:dev-server',
    apply: 'serve',
    config: () => ({
      server: {
        port,
        strictPort: true,
        proxy: apiProxy(env.apiUrl),
        // A remote's chunks are loaded by the shell's page from this origin.
        ...(app === 'shell' || port === 0 ? {} : { origin: `http://localhost:${port}` }),
      },
      preview: { proxy: apiProxy(env.apiUrl) },
    }),
    configurePreviewServer(server) {
      server.middlewares.use(answer('preview'));
    },
    configureServer(server) {
      server.middlewares.use(answer('dev'));
      server.httpServer?.once('listening', () =>
        server.config.logger.info(`  API calls (${API_PATHS.join(', ')}) go to ${env.apiUrl}`),
      );
    },
  };
}
