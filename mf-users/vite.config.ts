import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appPort, federationChunks, federationShared } from '../vite.federation-shared.ts';
import pkg from './package.json' with { type: 'json' };

const name = 'mf_users';
const port = appPort(name);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    federation({
      name,
      filename: 'remoteEntry.js',
      manifest: true,
      // Chunks must come from this remote's own origin, not the host page's.
      publicPath: 'auto',
      exposes: { './routes': './src/routes.tsx' },
      shared: federationShared(pkg),
      dev: { remoteHmr: true },
      dts: false,
      // One federation runtime per page: the shell provides it (provideExternalRuntime), so a
      // built remote reads it from the page instead of carrying its own ~19 KB gzip copy. The
      // dev server keeps its own runtime, so the dev harness (`pnpm dev`) runs standalone.
      experiments: { externalRuntime: command === 'build' },
    }),
    federationChunks('remote'),
  ],
  server: { port, strictPort: true, origin: `http://localhost:${port}` },
  preview: { port, strictPort: true },
  build: { target: 'es2022' },
}));
