import type { Plugin } from 'vite';

/**
 * Dependencies whose modules only declare things (classes, functions, contexts) but whose
 * package.json lacks `"sideEffects": false`, so the bundler must keep every module they import
 * even when nothing of it is used. antd's `form/context.js`, imported by nearly every antd
 * component, imports `@rc-component/form`'s index; without this the first page carries the
 * whole form engine and its validator (about 13 KB gzip) that only forms use; with it, that
 * engine builds into a chunk of its own (`antd-form`, federation-chunks.ts). Forms still get
 * it: a module something uses is always kept. A package belongs here only when reading its
 * modules shows no top-level effect outside themselves (they assign statics to their own
 * classes, nothing global).
 */
export const SIDE_EFFECT_FREE_PACKAGES =
  /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/;

/** Tells Rolldown the packages above have no side effects (its `treeshake.moduleSideEffects`). */
export function sideEffectFreeDependencies(): Plugin {
  return {
    name: 'manager-side-effect-free-dependencies',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          treeshake: {
            moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE_PACKAGES.test(id) ? false : undefined),
          },
        },
      },
    }),
  };
}
