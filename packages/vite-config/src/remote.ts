import { readFileSync } from 'node:fs';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfigFnObject } from 'vite';
import { buildInfo, type BuildArea } from './build-info.ts';
import { federationChunks } from './federation-chunks.ts';
import { devServer } from './dev-server.ts';
import { appPort, FEDERATION_PARSE_WAIT, federationShared } from './federation-shared.ts';

/**
 * The Vite config of a remote (`mf-*`), the same for all five: `export default
 * remoteViteConfig('mf_users', new URL('./', import.meta.url))` in its vite.config.ts (the
 * remote's own folder). The remote exposes `./routes`
 * (src/routes.tsx), builds its manifest for the shell, and runs alone with `pnpm dev`
 * (index.html, the dev harness) on its dev port, passing API calls on (dev-server.ts).
 */
export function remoteViteConfig(
  name: string,
  folder: URL,
  /**
   * A remote that apps.json does not list (one in a repository of its own): its ports, and the
   * area its release adds to the console (menu label, pages, permission; written to build.json,
   * copied into remotes.json by `pnpm promote`, docs/decisions/0026).
   */
  outside?: { port: number; devPort: number; area?: BuildArea },
): UserConfigFnObject {
  const ports = outside && { port: outside.port, devPort: outside.devPort };
  const port = appPort(name, ports?.port);
  const listed = name.replace(/^mf_/, '');
  const pkg = JSON.parse(readFileSync(new URL('package.json', folder), 'utf8')) as Parameters<
    typeof federationShared
  >[0];
  return defineConfig(({ command }) => ({
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        // Chunks must come from this remote's own origin, not the host page's.
        publicPath: 'auto',
        exposes: { './routes': './src/routes.tsx' },
        shared: federationShared(pkg, command),
        dev: { remoteHmr: true },
        dts: false,
        // One federation runtime per page: the shell provides it (provideExternalRuntime), so a
        // built remote reads it from the page instead of carrying its own ~19 KB gzip copy. The
        // dev server keeps its own runtime, so the dev harness (`pnpm dev`) runs standalone.
        experiments: { externalRuntime: command === 'build' },
        ...FEDERATION_PARSE_WAIT,
      }),
      federationChunks('remote'),
      buildInfo(folder, outside?.area),
      devServer(ports ?? (listed as Parameters<typeof devServer>[0])),
    ],
    preview: { port, strictPort: true },
    // The exposed `./routes` module is built into the `routes` chunk (federation-chunks.ts);
    // 'allow-extension' lets that chunk be the entry itself instead of loading it through a
    // one-line facade chunk: one request less when a remote's first page opens.
    build: { target: 'es2022', rolldownOptions: { preserveEntrySignatures: 'allow-extension' } },
  }));
}
