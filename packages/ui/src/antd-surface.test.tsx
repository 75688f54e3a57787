import * as antd from 'antd';
import path from 'node:path';
import ts from 'typescript';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * `@manager/ui` carries the whole antd surface: a remote may use any antd export without the
 * shell being rebuilt. These tests read antd's own exports, so they fail when antd gains one
 * that ui lacks.
 */

/** antd's exports that ui names differently, and why. */
const RENAMED: Record<string, string> = {
  // `Pagination` is ui's own page numbers (components/pagination.tsx), which remotes built on
  // earlier versions of ui rely on.
  Pagination: 'AntdPagination',
};

/** Statics React or antd set for their own bookkeeping, not part of a component's API. */
const NOT_STATICS = new Set([
  '$$typeof',
  'render',
  'displayName',
  'compare',
  'type',
  'propTypes',
  'defaultProps',
  'contextType',
]);
/** React contexts among the statics (their own members are React's). */
const isContext = (v: unknown) => typeof v === 'object' && v !== null && 'Provider' in v && 'Consumer' in v;

const antdNames = Object.keys(antd).filter((n) => n !== 'default' && n !== '__esModule');
type Exports = Record<string, unknown>;

/** `name.key` for every static of `value` and of its statics, two levels deep. */
function staticPaths(value: unknown, prefix: string, depth = 2): string[] {
  if (depth === 0 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return [];
  if (isContext(value) || (typeof value === 'object' && '$$typeof' in value && 'props' in value)) return [];
  return Object.keys(value)
    .filter((k) => !NOT_STATICS.has(k))
    .flatMap((k) => [`${prefix}.${k}`, ...staticPaths((value as Exports)[k], `${prefix}.${k}`, depth - 1)]);
}

const read = (root: Exports, at: string) =>
  at.split('.').reduce<unknown>((v, k) => (v as Exports | undefined)?.[k], root);
const uiPath = (at: string) => {
  const [name, ...rest] = at.split('.');
  return [RENAMED[name!] ?? name, ...rest].join('.');
};

// A fresh copy of ui for each test, nothing loaded yet: the setup file has loaded the shared one.
let ui: Exports;
let loadAntd: (...names: string[]) => Promise<void>;
beforeEach(async () => {
  vi.resetModules();
  ui = (await import('./index.ts')) as unknown as Exports;
  loadAntd = ui.loadAntd as typeof loadAntd;
});

describe("ui carries antd's whole surface", () => {
  it('exports every value antd exports, under the same name', () => {
    expect(antdNames.length).toBeGreaterThan(70);
    const missing = antdNames.filter((n) => !(uiPath(n) in ui));
    expect(missing).toEqual([]);
    // antd's is a no-op declared in its index module (see antd.ts): so is ui's.
    expect((ui.unstableSetRender as () => unknown)()).toBeUndefined();
    // ui's own Pagination stays ui's.
    expect(ui.Pagination).not.toBe(antd.Pagination);
  });

  it('before any chunk is loaded, every static of every export is there (two levels deep)', () => {
    const missing = antdNames
      .flatMap((n) => staticPaths((antd as Exports)[n], n))
      .filter((at) => {
        const [name, ...keys] = uiPath(at).split('.');
        const parent = read(ui, [name, ...keys.slice(0, -1)].join('.'));
        return parent === undefined || !(keys.at(-1)! in (parent as object));
      });
    expect(missing).toEqual([]);
  });

  it("once loaded, each export and every static is antd's own (identity checks hold)", async () => {
    const onDemand = antdNames.filter((n) => ui[uiPath(n)] !== (antd as Exports)[n]);
    // The first page's components, `theme` and `version` are antd's own from the start.
    for (const eager of [
      'Alert',
      'Button',
      'ConfigProvider',
      'Layout',
      'Menu',
      'Switch',
      'theme',
      'version',
    ]) {
      expect(onDemand).not.toContain(eager);
    }
    await loadAntd(...onDemand);
    const differ = antdNames
      .flatMap((n) => staticPaths((antd as Exports)[n], n))
      .filter((at) => read(ui, uiPath(at)) !== read(antd as Exports, at));
    // The console's own: a confirmation starts on Cancel (antd-heavy/console-modal.tsx).
    expect(differ.sort()).toEqual(['Modal.confirm', 'Modal.useModal']);
  });
});

describe("ui's types", () => {
  // A TypeScript program over ui's sources and antd's declarations: seconds.
  it('exports every type antd exports, as antd declares it', { timeout: 60_000 }, () => {
    const here = path.dirname(new URL(import.meta.url).pathname);
    const program = ts.createProgram([path.join(here, 'index.ts')], {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const exportsOf = (file: string | undefined) => {
      const source = file && program.getSourceFile(file);
      const symbol = source && checker.getSymbolAtLocation(source);
      return new Map((symbol ? checker.getExportsOfModule(symbol) : []).map((s) => [s.name, s]));
    };
    const antdFile = program
      .getSourceFiles()
      .find((f) => /[\\/]antd[\\/]es[\\/]index\.d\.ts$/.test(f.fileName));
    const antdExports = exportsOf(antdFile?.fileName);
    const uiExports = exportsOf(path.join(here, 'index.ts'));
    expect(antdExports.size).toBeGreaterThan(200);
    const resolved = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
    const wrong = [...antdExports].flatMap(([name, symbol]) => {
      const mine = uiExports.get(RENAMED[name] ?? name);
      if (!mine) return [`${name}: missing`];
      const isType = !(resolved(symbol).flags & ts.SymbolFlags.Value);
      // A type is antd's own declaration; a value's type is checked by tsc where it is made.
      return isType && resolved(mine) !== resolved(symbol) ? [`${name}: not antd's`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
