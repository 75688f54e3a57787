/**
 * The build configuration every app of the console imports in its vite.config.ts (README.md):
 * what a remote needs, in the repository or in one of its own (published as built JavaScript).
 * The host's build-time antd sheet is `./host` (host.ts), which reads the repository's ui.
 */
export { buildInfo, type BuildArea } from './build-info.ts';
export {
  API_PATHS,
  apiProxy,
  devEnv,
  devPort,
  devRemotes,
  devRuntimeConfig,
  devServer,
} from './dev-server.ts';
export {
  checkChunks,
  federationChunks,
  LAZY_PAIRS,
  regroup,
  type BundleChunk,
  type ChunkGroup,
  type Role,
} from './federation-chunks.ts';
export {
  APP_PORTS,
  appPort,
  FEDERATION_PARSE_WAIT,
  federationShared,
  SHARED_SINGLETONS,
} from './federation-shared.ts';
export { preloadFirstPage } from './preload-first-page.ts';
export { remoteViteConfig } from './remote.ts';
export { SIDE_EFFECT_FREE_PACKAGES, sideEffectFreeDependencies } from './side-effect-free.ts';
