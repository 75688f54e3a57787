import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ThemeConfig } from 'antd';
import type { Plugin } from 'vite';
import { WORKSPACE_ROOT } from './workspace.ts';

/**
 * `import 'virtual:antd-static.css'`: antd's styles for the console's theme, made when the
 * shell is built (or served) instead of in the browser. At the root, beside
 * federation-shared.ts, because the shell and the bench's single-app build (a package,
 * which must not import the shell) both use it. The shell renders everything under
 * `consolePageTheme` (packages/ui/src/theme.ts: `zeroRuntime`, no hash), so antd generates no
 * component rule at run time (only CSS variables) and this sheet must hold every rule a
 * component may need.
 *
 * It holds every antd component, not only the ones `@manager/ui` exports today: a component's
 * styles include the ones it renders inside (a table's empty state, spinner, dropdowns), and a
 * component newly listed in `ui` needs no change here. The shell provides `ui` to every remote
 * (a singleton), so the antd the sheet is made for is always the one that renders.
 * About 1 MB, 106 KB gzip, one request, cached with the build's hash.
 *
 * Made by antd's own `@ant-design/static-style-extract` (how antd makes its dist/antd.css),
 * with the console's tokens: antd's dist/antd.css has the default theme's component tokens
 * (the default blue in 45 places), which would undo the contrast fixes of `consoleTheme`.
 */
export function antdStaticCss(): Plugin {
  const id = 'virtual:antd-static.css';
  // An id ending in .css, not one starting with \0: Vite's CSS pipeline then handles it
  // (hashed asset linked from index.html in a build, a style module in dev).
  const resolved = '/__antd-static.css';
  let root = process.cwd();
  return {
    name: 'manager-antd-static-css',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source === id ? resolved : null;
    },
    async load(source) {
      if (source !== resolved) return null;
      return await extractAntdCss(root);
    },
  };
}

/**
 * `appRoot`: the app whose devDependencies hold the extractor (the shell, for both builds).
 * `pageTheme`: the console's (`consolePageTheme`) unless a test asks for another.
 */
export async function extractAntdCss(appRoot: string, pageTheme?: ThemeConfig): Promise<string> {
  // Loaded when the sheet is first asked for, not with the config: the extractor's CommonJS
  // build, and antd and React as the extractor itself finds them (one antd instance renders).
  const extractorPath = createRequire(path.join(appRoot, 'package.json')).resolve(
    '@ant-design/static-style-extract',
  );
  const load = createRequire(extractorPath);
  const { extractStyle } = load(
    '@ant-design/static-style-extract',
  ) as typeof import('@ant-design/static-style-extract');
  const { createElement } = load('react') as typeof import('react');
  const { ConfigProvider } = load('antd') as typeof import('antd');
  // The sheet must be made by the antd the console bundles (through @manager/ui).
  const bundled = createRequire(new URL('packages/ui/package.json', WORKSPACE_ROOT))('antd/package.json') as {
    version: string;
  };
  const extracting = load('antd/package.json') as { version: string };
  if (bundled.version !== extracting.version) {
    throw new Error(
      `antd ${extracting.version} would make the style sheet of antd ${bundled.version}: ` +
        `the shell's @ant-design/static-style-extract finds antd as a peer; pnpm install after changing @manager/ui's antd, ` +
        `or pin antd ${bundled.version} in shell/package.json's devDependencies`,
    );
  }
  // The extractor collects what antd writes into ITS cssinjs cache; an antd on another copy of
  // @ant-design/cssinjs would write elsewhere, and the sheet would come out all but empty while
  // every component renders unstyled under zeroRuntime. Same file, or no build.
  const cssinjsOfExtractor = fs.realpathSync(load.resolve('@ant-design/cssinjs'));
  const cssinjsOfAntd = fs.realpathSync(createRequire(load.resolve('antd')).resolve('@ant-design/cssinjs'));
  if (cssinjsOfExtractor !== cssinjsOfAntd) {
    throw new Error(
      `@ant-design/static-style-extract and antd load two copies of @ant-design/cssinjs (${cssinjsOfExtractor}, ${cssinjsOfAntd}): dedupe them (pnpm dedupe or an override)`,
    );
  }
  // By path, not `@manager/ui`: Vite bundles this import into the config, whereas a package
  // name would be left to Node, which loads neither TypeScript nor ui's React entry here.
  const theme = {
    ...(pageTheme ?? (await import('../../ui/src/theme.ts')).consolePageTheme),
    zeroRuntime: false,
  };
  const css = extractStyle((node) => createElement(ConfigProvider, { theme }, node));
  // A last check on the result itself: antd 6.6 gives about 980 KB with .ant-btn, .ant-table...
  for (const selector of ['.ant-btn{', '.ant-table', '.ant-modal', '.ant-select-dropdown']) {
    if (!css.includes(selector))
      throw new Error(`antd's static sheet has no ${selector} rule: the extraction failed`);
  }
  if (css.length < 300_000)
    throw new Error(
      `antd's static sheet is ${css.length} bytes (about 980,000 expected): the extraction failed`,
    );
  return css;
}
