import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  appPort,
  FEDERATION_PARSE_WAIT,
  buildInfo,
  devServer,
  federationChunks,
  federationShared,
  preloadFirstPage,
  sideEffectFreeDependencies,
} from '../packages/vite-config/src/index.ts';
import { antdStaticCss } from '../packages/vite-config/src/host.ts';
import pkg from './package.json' with { type: 'json' };

const port = appPort('shell');

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    federation({
      name: 'shell',
      // No static remotes: they come from remotes.json at run time (src/remotes).
      remotes: {},
      shared: federationShared(pkg, command),
      dev: { remoteHmr: true },
      dts: false,
      // The page's one federation runtime: remotes are built with `externalRuntime`.
      experiments: { provideExternalRuntime: true },
      ...FEDERATION_PARSE_WAIT,
    }),
    federationChunks('host'),
    preloadFirstPage(),
    antdStaticCss(),
    sideEffectFreeDependencies(),
    buildInfo(new URL('./', import.meta.url)),
    devServer('shell'),
  ],
  preview: { port, strictPort: true },
  build: { target: 'es2022' },
}));
