// Run by the shell's `pnpm test` (shell/vitest.config.ts, project `build-config`).
import { describe, expect, it } from 'vitest';
import {
  checkChunks,
  LAZY_PAIRS,
  regroup,
  type BundleChunk,
  type ChunkGroup,
  type Role,
} from './federation-chunks';

/** The groups @module-federation/vite sets: its naming group and its preload-helper group. */
function pluginGroups(): ChunkGroup[] {
  return [
    {
      name: (id: string) => {
        if (id.includes('__loadShare__react')) return 'mf__loadShare__react__loadShare__';
        if (id.includes('exposes')) return 'exposed';
        return null;
      },
      priority: 1e6,
    },
    { name: 'vite-preload-helper', test: /preload-helper/, priority: 1e6 - 1 },
  ];
}

function nameOf(groups: ChunkGroup[], id: string): string | null | undefined {
  const naming = groups[0]!.name as (id: string) => string | null | undefined;
  return naming(id);
}

const chunk = (name: string, imports: string[] = []): BundleChunk => ({
  type: 'chunk',
  name,
  fileName: `${name}.js`,
  imports,
});

/** A bundle holding every chunk the role's guards look for, none importing another. */
function bundleFor(role: Role): Record<string, BundleChunk> {
  const names = new Set(LAZY_PAIRS[role].flat());
  return Object.fromEntries([...names].map((name) => [`${name}.js`, chunk(name)]));
}

describe('regroup', () => {
  it('names the runtime, wrappers and workspace packages of the host', () => {
    const groups = pluginGroups();
    regroup(groups, 'host');
    expect(nameOf(groups, '/node_modules/@module-federation/runtime/index.js')).toBe('federation-runtime');
    expect(nameOf(groups, '/node_modules/vite/preload-helper.js')).toBe('federation-runtime');
    expect(nameOf(groups, '/virtual/hostAutoInit.js')).toBe('federation-runtime');
    expect(nameOf(groups, '/virtual/__loadShare__react')).toBe('host');
    // Everything else keeps the plugin's name.
    expect(nameOf(groups, '/src/exposes.js')).toBe('exposed');
    expect(nameOf(groups, '/shell/src/app/app.tsx')).toBeNull();
    // The preload helper is no longer claimed by the plugin's own group.
    expect((groups[1]!.test as (id: string) => boolean)('/node_modules/vite/preload-helper.js')).toBe(false);
    const libs = groups.find((g) => g.name === 'console-libs')!;
    const inLibs = libs.test as (id: string) => boolean;
    expect(inLibs('/repo/packages/ui/src/antd.ts')).toBe(true);
    expect(inLibs('/repo/packages/ui/src/antd-heavy.ts')).toBe(false);
    // What only the on-demand chunk imports (the console's Modal, antd's Modal with it) stays there.
    expect(inLibs('/repo/packages/ui/src/antd-heavy/console-modal.tsx')).toBe(false);
    expect(inLibs('/repo/packages/ui/src/on-demand/wrap.ts')).toBe(true);
    // Each rarely used antd component is a chunk of its own, not part of the first page's.
    expect(inLibs('/repo/packages/ui/src/antd-chunks/timeline.ts')).toBe(false);
    expect(inLibs('/repo/packages/ui/src/antd-rare.ts')).toBe(true);
    // The event stream's connection loads after the first screen; what starts it is in the group.
    expect(inLibs('/repo/packages/platform/src/live/connection/stream.ts')).toBe(false);
    expect(inLibs('/repo/packages/platform/src/live/start.ts')).toBe(true);
    // The common on-demand components keep what they need in their one chunk, below `console-libs`.
    const heavy = groups.find((g) => g.name === 'antd-heavy')!;
    expect((heavy.test as RegExp).test('/repo/packages/ui/src/antd-heavy.ts')).toBe(true);
    expect((heavy.test as RegExp).test('/repo/packages/ui/src/antd-chunks/timeline.ts')).toBe(false);
    expect(heavy.priority).toBeLessThan(libs.priority!);
    expect(inLibs('/repo/shell/src/main.tsx')).toBe(false);
    // antd's form engine is claimed before `console-libs`, but the provider the first page needs.
    const form = groups.find((g) => g.name === 'antd-form')!;
    const inForm = form.test as (id: string) => boolean;
    expect(inForm('/repo/node_modules/.pnpm/x/node_modules/@rc-component/form/es/Field.js')).toBe(true);
    expect(inForm('/repo/node_modules/.pnpm/x/node_modules/@rc-component/async-validator/es/index.js')).toBe(
      true,
    );
    expect(inForm('/repo/node_modules/.pnpm/x/node_modules/@rc-component/form/es/FormContext.js')).toBe(
      false,
    );
    expect(inForm('/repo/node_modules/.pnpm/x/node_modules/@rc-component/util/es/index.js')).toBe(false);
    expect(form.priority).toBeGreaterThan(libs.priority!);
    expect(form.includeDependenciesRecursively).toBe(false);
  });

  it("puts a remote's pages and wrappers in `routes`, not its harness", () => {
    const groups = pluginGroups();
    regroup(groups, 'remote');
    expect(nameOf(groups, '/repo/mf-users/src/features/users/components/users-page.tsx')).toBe('routes');
    expect(nameOf(groups, '/virtual/__loadShare__react')).toBe('routes');
    expect(nameOf(groups, '/repo/mf-users/src/harness/main.tsx')).toBeNull();
    // The host's init runs only on the host: a remote's stays where the plugin puts it.
    expect(nameOf(groups, '/virtual/hostAutoInit.js')).toBeNull();
    expect(groups.some((g) => g.name === 'console-libs')).toBe(false);
  });

  it('fails when the plugin no longer sets the groups it wraps', () => {
    expect(() => regroup(undefined, 'host')).toThrow(/codeSplitting group was not found/);
    expect(() => regroup([{ name: () => null, priority: 5 }], 'host')).toThrow(
      /codeSplitting group was not found/,
    );
    expect(() => regroup([pluginGroups()[0]!], 'remote')).toThrow(/preload-helper group was not found/);
  });
});

describe('checkChunks', () => {
  it.each(['host', 'remote'] as const)('accepts a %s build whose lazy chunks load on demand', (role) => {
    expect(() => checkChunks(bundleFor(role), role)).not.toThrow();
  });

  it('fails when a chunk it guards is missing', () => {
    const bundle = bundleFor('remote');
    delete bundle['routes.js'];
    expect(() => checkChunks(bundle, 'remote')).toThrow(/no chunk named routes/);
  });

  it.each(
    Object.entries(LAZY_PAIRS).flatMap(([role, pairs]) =>
      pairs.map(([from, to]): [Role, string, string] => [role as Role, from, to]),
    ),
  )('fails when, on the %s, %s imports %s statically', (role, from, to) => {
    const bundle = bundleFor(role);
    bundle[`${from}.js`] = chunk(from, [`${to}.js`]);
    expect(() => checkChunks(bundle, role)).toThrow(`${from} imports ${to} statically`);
  });

  it('fails when the preload helper is a chunk of its own again', () => {
    const bundle = { ...bundleFor('host'), 'vite-preload-helper.js': chunk('vite-preload-helper') };
    expect(() => checkChunks(bundle, 'host')).toThrow(/preload helper is a chunk of its own/);
  });
});
