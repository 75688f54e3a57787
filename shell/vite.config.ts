import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { federationChunks } from '../vite.federation-chunks.ts';
import { appPort, federationShared } from '../vite.federation-shared.ts';
import { antdStaticCss } from '../vite.antd-static-css.ts';
import { buildInfo } from '../vite.build-info.ts';
import pkg from './package.json' with { type: 'json' };

const port = appPort('shell');

/** Chunks the first page never needs: antd's on-demand components, the enrolment's QR code. */
const ON_DEMAND_MODULE = [/antd-heavy\.ts$/, /[\\/]qrcode\.react[\\/]/];

/**
 * Time to first render: the first page's code is reached through a chain
 * of imports the browser discovers one after another (entry, federation init, the shared
 * singletons, bootstrap), each only when the previous one has run. Every chunk of the shell's
 * build is needed for the first page except the on-demand ones (ON_DEMAND_MODULE): listing
 * the others as modulepreload links in index.html lets the browser fetch them all at once,
 * while the entry is still starting.
 */
function preloadFirstPage(): Plugin {
  let base = '/';
  return {
    name: 'manager-preload-first-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c) =>
            c.type === 'chunk' &&
            !c.isEntry &&
            !html.includes(c.fileName) &&
            !c.moduleIds.some((id) => ON_DEMAND_MODULE.some((m) => m.test(id))),
        );
        return {
          html,
          tags: chunks.map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${c.fileName}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      // No static remotes: they come from remotes.json at run time (src/remotes).
      remotes: {},
      shared: federationShared(pkg),
      dev: { remoteHmr: true },
      dts: false,
      // The page's one federation runtime: remotes are built with `externalRuntime`.
      experiments: { provideExternalRuntime: true },
    }),
    federationChunks('host'),
    preloadFirstPage(),
    antdStaticCss(),
    buildInfo(new URL('./', import.meta.url)),
  ],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: { target: 'es2022' },
});
