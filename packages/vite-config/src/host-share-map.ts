/**
 * The host's share map must offer every library it shares at start. @module-federation/vite
 * writes each entry's `materialize` flag from the shares it has seen when it generates the
 * map's module; a build under load may generate it before it has seen all of them. The
 * runtime's `initHost` skips an entry marked `materialize: false`, so that library is missing
 * from the share scope when the shell's entry evaluates, and the console starts blank
 * ("Cannot read properties of undefined"). Such a build fails here, naming the libraries, and
 * is rebuilt instead of shipped.
 */
const SHARE_ENTRY =
  /name:\s*[`'"]([^`'"]+)[`'"],\s*version:[^,]*,\s*scope:[^\]]*\],\s*loaded:\s*(?:!1|false),\s*materialize:\s*(!0|!1|true|false)/g;

/** The part of an output chunk this file reads. */
interface CodeChunk {
  type: string;
  code?: string;
}

/** Each share map entry in the bundle, by library name: whether the host offers it at start. */
export function hostShareMap(bundle: Record<string, CodeChunk>): Map<string, boolean> {
  const entries = new Map<string, boolean>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.code) continue;
    for (const [, name = '', flag] of chunk.code.matchAll(SHARE_ENTRY)) {
      entries.set(name, flag === '!0' || flag === 'true');
    }
  }
  return entries;
}

/** Throws unless the bundle holds a share map whose entries are all offered at start. */
export function checkHostShareMap(bundle: Record<string, CodeChunk>): void {
  const entries = hostShareMap(bundle);
  if (entries.size === 0) {
    throw new Error(
      "manager-federation-chunks: the host's share map was not found (the federation plugin's output changed)",
    );
  }
  const missing = [...entries].filter(([, offered]) => !offered).map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `manager-federation-chunks: the host's share map does not offer ${missing.join(', ')} at start ` +
        '(the federation plugin generated it before it saw them); rebuild the shell',
    );
  }
}
