import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationChunks } from '../vite.federation-chunks.ts';
import { appPort, federationShared } from '../vite.federation-shared.ts';
import { antdStaticCss } from '../vite.antd-static-css.ts';
import { buildInfo } from '../vite.build-info.ts';
import { preloadFirstPage } from '../vite.preload-first-page.ts';
import pkg from './package.json' with { type: 'json' };

const port = appPort('shell');

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
