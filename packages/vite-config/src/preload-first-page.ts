import type { Plugin } from 'vite';

/**
 * The shell's first-page preload (a Vite plugin; build config, not app code). The first page's
 * code is reached through a chain of imports the browser discovers one after another (entry,
 * federation init, the shared singletons, bootstrap), each only when the previous one has run.
 * Listing those chunks as modulepreload links in index.html lets the browser fetch them all at
 * once, while the entry is still starting.
 *
 * Only what the start reaches is listed: the chunks nothing imports (the entry and the chunks
 * the federation bootstrap script loads), the shared modules the federation runtime loads at
 * start (its own dynamic imports: the host provides every shared singleton then), and
 * everything those import statically. A chunk reached only through an `import()` of the app's
 * code (antd's on-demand components, the enrolment's QR code) loads when it is needed: it is
 * never preloaded, so a component added on demand never makes the first page heavier.
 */

/** The part of an output chunk this plugin reads. */
export interface PreloadChunk {
  type: string;
  name?: string;
  fileName: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The chunk of the federation runtime (named by federation-chunks.ts). */
const FEDERATION_RUNTIME = 'federation-runtime';

/** The chunks the first page loads, in the bundle's order. */
export function firstPageChunks(bundle: Record<string, PreloadChunk>): PreloadChunk[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const imported = new Set(chunks.flatMap((c) => [...(c.imports ?? []), ...(c.dynamicImports ?? [])]));
  const roots = [
    ...chunks.filter((c) => !imported.has(c.fileName)),
    ...chunks
      .filter((c) => c.name === FEDERATION_RUNTIME)
      .flatMap((c) => c.dynamicImports ?? [])
      .map((f) => byFile.get(f)),
  ];
  const reached = new Set<PreloadChunk>();
  const visit = (c: PreloadChunk | undefined) => {
    if (!c || reached.has(c)) return;
    reached.add(c);
    for (const f of c.imports ?? []) visit(byFile.get(f));
  };
  roots.forEach(visit);
  return chunks.filter((c) => reached.has(c));
}

export function preloadFirstPage(): Plugin {
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
        const chunks = firstPageChunks((ctx.bundle ?? {}) as Record<string, PreloadChunk>).filter(
          (c) => !html.includes(c.fileName),
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
