// The single-app baseline of `pnpm bench`: the same console built as ONE Vite app,
// the shell with the five remotes' `./routes` linked in (each loaded lazily, as the shell
// loads a remote), no Module Federation. Only the benchmark uses it, as the yardstick for
// "what federation costs"; it is never deployed and never tested.
//
//   pnpm --filter @manager/bench build:single-app      (writes single-app/dist)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildInfo, sideEffectFreeDependencies } from '../../vite-config/src/index.ts';
import { antdStaticCss } from '../../vite-config/src/host.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const shellRoot = path.join(root, 'shell');
const registry = path.join(shellRoot, 'src/remotes/remote-registry.ts');

/** Swaps the shell's federation registry for one that imports the remotes' routes directly. */
function linkRemotes(): Plugin {
  return {
    name: 'single-app-link-remotes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(path.join(shellRoot, 'src'))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === registry ? path.join(here, 'linked-registry.ts') : null;
    },
  };
}

export default defineConfig({
  root: shellRoot,
  publicDir: path.join(shellRoot, 'public'),
  plugins: [
    react(),
    linkRemotes(),
    antdStaticCss(),
    sideEffectFreeDependencies(),
    buildInfo(new URL('../../../shell/', import.meta.url)),
  ],
  // One copy of each library even though each app has its own node_modules links.
  resolve: {
    dedupe: [
      'react',
      'react-dom',
      'react-router-dom',
      'antd',
      '@ant-design/icons',
      'dayjs',
      'zustand',
      '@tanstack/react-query',
      'react-hot-toast',
    ],
  },
  build: { target: 'es2022', outDir: path.join(here, 'dist'), emptyOutDir: true },
  logLevel: 'warn',
});
