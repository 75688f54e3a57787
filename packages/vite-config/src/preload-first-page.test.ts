// Run by the shell's `pnpm test` (shell/vitest.config.ts, project `build-config`).
import { describe, expect, it } from 'vitest';
import { preloadFirstPage, type PreloadChunk } from './preload-first-page';

const chunk = (
  fileName: string,
  imports: string[] = [],
  dynamicImports: string[] = [],
  moduleIds: string[] = [],
) => ({
  type: 'chunk',
  name: fileName.replace(/\.js$/, ''),
  fileName,
  imports,
  dynamicImports,
  moduleIds,
});

/**
 * The shape of the shell's build: the entry and the federation bootstrap's chunks, the shared
 * singletons the runtime loads at start, and chunks reached only by the app's `import()`:
 * antd's common on-demand chunk, a rare component with a chunk shared by two others, the QR code.
 */
function shellBundle(): Record<string, PreloadChunk & { moduleIds: string[] }> {
  const chunks = [
    chunk('index.js', ['host.js', 'federation-runtime.js'], ['esm.js'], ['/repo/shell/src/main.tsx']),
    chunk('hostInit.js', ['federation-runtime.js']),
    chunk('pendingShares.js', ['federation-runtime.js']),
    chunk('rolldown-runtime.js'),
    chunk(
      'federation-runtime.js',
      ['rolldown-runtime.js'],
      ['host.js', 'console-libs.js', 'remoteEntry.js', 'federation-runtime.js'],
    ),
    chunk('remoteEntry.js', ['federation-runtime.js']),
    chunk('host.js', ['rolldown-runtime.js', 'federation-runtime.js'], ['console-libs.js']),
    chunk(
      'console-libs.js',
      ['host.js'],
      ['antd-heavy.js', 'timeline.js', 'date-picker.js', 'time-picker.js'],
      ['/repo/packages/ui/src/antd.ts'],
    ),
    chunk('antd-heavy.js', ['host.js', 'console-libs.js'], [], ['/repo/packages/ui/src/antd-heavy.ts']),
    chunk('timeline.js', ['console-libs.js'], [], ['/repo/packages/ui/src/antd-chunks/timeline.ts']),
    chunk('date-picker.js', ['picker.js'], [], ['/repo/packages/ui/src/antd-chunks/date-picker.ts']),
    chunk('time-picker.js', ['picker.js'], [], ['/repo/packages/ui/src/antd-chunks/time-picker.ts']),
    chunk('picker.js', ['console-libs.js'], [], ['/repo/node_modules/@rc-component/picker/es/index.js']),
    chunk('esm.js', ['host.js'], [], ['/repo/node_modules/qrcode.react/lib/esm/index.js']),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

/** The modulepreload links the plugin adds to `html`. */
function preloaded(
  bundle: Record<string, PreloadChunk>,
  html = '<script src="/index.js"></script>',
): string[] {
  const plugin = preloadFirstPage();
  const transform = plugin.transformIndexHtml as unknown as {
    handler: (
      html: string,
      ctx: { bundle: Record<string, PreloadChunk> },
    ) => { tags: { attrs: { href: string } }[] };
  };
  return transform
    .handler(html, { bundle })
    .tags.map((t) => t.attrs.href)
    .sort();
}

describe('preloadFirstPage', () => {
  it('preloads the chunks the start reaches: entry, bootstrap, the runtime and what it loads', () => {
    expect(preloaded(shellBundle())).toEqual([
      '/console-libs.js',
      '/federation-runtime.js',
      '/host.js',
      '/hostInit.js',
      '/pendingShares.js',
      '/remoteEntry.js',
      '/rolldown-runtime.js',
    ]);
  });

  it('never preloads a chunk reached only by an import() of the app, nor what only such a chunk imports', () => {
    const links = preloaded(shellBundle());
    for (const onDemand of [
      '/antd-heavy.js',
      '/timeline.js',
      '/date-picker.js',
      '/time-picker.js',
      '/picker.js',
      '/esm.js',
    ]) {
      expect(links).not.toContain(onDemand);
    }
  });

  it('preloads a chunk that the start imports statically even when it is also imported on demand', () => {
    const bundle = shellBundle();
    bundle['host.js']!.imports = [...bundle['host.js']!.imports!, 'picker.js'];
    expect(preloaded(bundle)).toContain('/picker.js');
  });
});
