// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettierRecommended from 'eslint-plugin-prettier/recommended';
import apps from './packages/contract/src/apps.json' with { type: 'json' };

/** The remotes' folders, from the one list of apps (docs/remotes.md). */
const REMOTES = Object.values(apps.remotes).map((remote) => remote.folder);

/** Relative or package-name imports of an app folder, from anywhere in the repo. */
const appImport = (app) => [`${app}`, `${app}/*`, `**/${app}`, `**/${app}/**`];

// Deep imports into another package's src: import its declared entry instead. The apps'
// vite.config.ts import the build configuration's entries by path (packages/vite-config/README.md):
// index.ts, and host.ts for the host's builds.
const deepPackageImport = {
  group: [
    '@manager/*/src',
    '@manager/*/src/**',
    '**/packages/*/src/**',
    '!**/packages/vite-config/src/index.ts',
    '!**/packages/vite-config/src/host.ts',
  ],
  message: 'Import the package entry (e.g. @manager/ui), never its src/.',
};

// antd and its icons are bundled once, inside the shared `@manager/ui` (tree-shaken to what
// the console uses, one copy per page). A direct import would ship a private copy.
const directAntd = {
  regex: '^(antd(/.*)?|@ant-design/.*)$',
  message:
    'Import antd components and icons from @manager/ui (the one shared copy, see packages/ui/src/antd.ts).',
};

// Likewise the router comes through @manager/platform (src/router.ts), and zustand and react-hot-toast
// live inside @manager/platform (the one auth store, the one toaster).
const directPlatformLibs = {
  regex: '^(react-router(-dom)?|zustand|react-hot-toast)(/.*)?$',
  message: 'Import routing, toasts and the auth store from @manager/platform (the one shared copy).',
};

// The dev harness (packages/dev-harness) runs a remote alone: only the remote's harness entry
// (src/harness/) starts it, so no page or route ever carries it into what the shell loads.
const devHarnessOutsideEntry = {
  group: ['@manager/dev-harness', '@manager/dev-harness/**'],
  message: "Only the remote's src/harness/ imports @manager/dev-harness.",
};

/** Architecture rule: an arrow means "may import"; everything else is refused here. */
function restrict(forbiddenApps, message, { antd = false, platformLibs = false, devHarness = false } = {}) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: forbiddenApps.flatMap(appImport), message },
          deepPackageImport,
          ...(antd ? [] : [directAntd]),
          ...(platformLibs ? [] : [directPlatformLibs]),
          ...(devHarness ? [] : [devHarnessOutsideEntry]),
        ],
      },
    ],
  };
}

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * Layers (packages/api/README.md, "Layout"), read from the folders of packages/api/src at lint
 * time, so a new folder is a domain unless listed here:
 * - infrastructure every domain may import: lib/, db/, files/, exports/ (these four import
 *   neither plugins/ nor a domain), plugins/, jobs/;
 * - composition, which may import domains: the files at src/'s root (app, routes, server,
 *   config), plugins/ (registers domain services), jobs/ (job definitions compose domain
 *   handlers), docs/ (the OpenAPI document), dev/ (the demo's activity simulator), and the
 *   seed and CLIs in db/ (ignored below);
 * - every other folder is a domain: it imports no other domain and no composition folder.
 */
const API_SRC = path.join(ROOT, 'packages/api/src');
const API_FOUNDATION = ['lib', 'db', 'files', 'exports'];
const API_INFRASTRUCTURE = [...API_FOUNDATION, 'plugins', 'jobs'];
const API_COMPOSITION = ['docs', 'dev'];
const apiDomains = new Set(
  fs
    .readdirSync(API_SRC, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        !API_INFRASTRUCTURE.includes(entry.name) &&
        !API_COMPOSITION.includes(entry.name),
    )
    .map((entry) => entry.name),
);

/** The first folder of `file` under `base`, or undefined when the file is outside it or directly in it. */
function folderUnder(base, file) {
  const parts = path.relative(base, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** A rule refusing relative imports (static, re-exports, dynamic) whose resolved file `refusal(from, to)` names. */
function importRule(refusal) {
  return {
    meta: { type: 'problem', schema: [], messages: { refused: '{{message}}' } },
    create(context) {
      const check = (node) => {
        const source = node.source;
        if (
          !source ||
          source.type !== 'Literal' ||
          typeof source.value !== 'string' ||
          !source.value.startsWith('.')
        )
          return;
        const message = refusal(context.filename, path.resolve(path.dirname(context.filename), source.value));
        if (message) context.report({ node: source, messageId: 'refused', data: { message } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

const layers = {
  rules: {
    'api-domains': importRule((from, to) => {
      const source = folderUnder(API_SRC, from);
      const target = folderUnder(API_SRC, to);
      if (!source || !target || source === target) return undefined;
      if (apiDomains.has(source) && (apiDomains.has(target) || API_COMPOSITION.includes(target)))
        return `layers/api-domains: the ${source} domain may not import ${target}/. A domain never imports another domain's files: what two need lives in lib/ or db/ (packages/api/README.md, Layout).`;
      if (
        API_FOUNDATION.includes(source) &&
        (target === 'plugins' || apiDomains.has(target) || API_COMPOSITION.includes(target))
      )
        return `layers/api-domains: ${source}/ may not import ${target}/. lib/, db/, files/ and exports/ import neither plugins/ nor a domain (packages/api/README.md, Layout).`;
      return undefined;
    }),
    'app-features': importRule((from, to) => {
      const features = from.slice(
        0,
        from.lastIndexOf(`${path.sep}src${path.sep}features${path.sep}`) +
          `${path.sep}src${path.sep}features`.length,
      );
      const source = folderUnder(features, from);
      const target = folderUnder(features, to);
      if (!source || !target || source === target) return undefined;
      return `layers/app-features: the ${source} feature may not import the ${target} feature. Features never import each other: what two need lives in the remote's src/lib/ or in packages/.`;
    }),
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/__mf__temp/**',
      '**/.__mf__temp/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // A leading underscore marks a deliberately unused binding (e.g. omitting keys by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...REMOTES.flatMap((remote) => {
    const others = ['shell', ...REMOTES.filter((r) => r !== remote)];
    const message =
      'A remote imports only packages/*: never the shell or another remote (talk through the URL and the shared store).';
    return [
      {
        files: [`${remote}/**/*.{ts,tsx,js}`],
        ignores: [`${remote}/src/harness/**`],
        rules: restrict(others, message),
      },
      {
        files: [`${remote}/src/harness/**/*.{ts,tsx,js}`],
        rules: restrict(others, message, { devHarness: true }),
      },
    ];
  }),
  {
    files: ['shell/**/*.{ts,tsx,js}'],
    rules: restrict(REMOTES, 'The shell reaches remotes only at run time (loadRemote), never by import.'),
  },
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(['shell', ...REMOTES], 'packages/* never import an app (shell or mf-*).'),
  },
  {
    // ui carries antd; the build configuration reads antd's theme type and makes its sheet.
    files: ['packages/ui/**/*.{ts,tsx,js,mjs}', 'packages/vite-config/**/*.ts'],
    rules: restrict(['shell', ...REMOTES], 'packages/* never import an app (shell or mf-*).', { antd: true }),
  },
  {
    // Inside ui, components take antd from ../antd (eager or on demand), never from 'antd' or
    // the on-demand chunk itself: either would pull forms, tables and overlays into the first
    // page (packages/ui/src/antd-on-demand.ts). Type imports are free.
    files: ['packages/ui/src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^antd(/.*)?$',
              allowTypeImports: true,
              message: "Import antd components from '../antd' (see antd-on-demand.ts).",
            },
            {
              regex: 'antd-heavy$',
              allowTypeImports: true,
              message: "Only antd-on-demand.ts imports antd-heavy; use '../antd'.",
            },
            {
              regex: 'antd-chunks/',
              allowTypeImports: true,
              message: "Only antd-rare.ts imports antd-chunks/; use '../antd'.",
            },
          ],
        },
      ],
    },
  },
  // packages/dev-harness takes antd from @manager/ui and the router from @manager/platform, as
  // the remotes' pages do (the rule for packages/* above): one copy of each in the harness too.
  {
    files: ['packages/platform/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(['shell', ...REMOTES], 'packages/* never import an app (shell or mf-*).', {
      platformLibs: true,
    }),
  },
  {
    // Specs take `test` from tests/support/test.ts, which fails a test on any refusal of the
    // console page's Content-Security-Policy (docs/security.md, "Console page policy").
    files: ['packages/e2e/tests/**/*.ts'],
    ignores: ['packages/e2e/tests/support/test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              allowTypeImports: true,
              message:
                "Import test from './support/test': it fails the test on any Content-Security-Policy violation.",
            },
          ],
        },
      ],
    },
  },
  {
    // The layers above. The seed and the CLIs in db/ compose domains (demo admins) on purpose.
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/db/seed/**', 'packages/api/src/db/*-cli.ts'],
    plugins: { layers },
    rules: { 'layers/api-domains': 'error' },
  },
  {
    files: ['mf-*/src/features/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/app-features': 'error' },
  },
  {
    // No module reaches itself again through its imports: in a cycle, one side runs first and
    // reads the other's bindings before they exist. Two files that need each other move what
    // they share into a third. Imports resolve as TypeScript does (each app's and package's
    // tsconfig; `./x.js` finds x.ts). The rule follows imports within the linted file's own app
    // or package; another workspace package (`@manager/*`, outside it) and node_modules count as
    // external and are not followed (ignoreExternal, which nearly halves the rule's cost): a
    // cycle between packages would first need package.json dependencies both ways. Type-only
    // imports, gone at run time, are not followed either, nor is a dynamic `import()`: what it
    // loads runs later, once both sides exist (ui's on-demand chunk holds components built on
    // ui's own parts, and reaches them back through the chunk's one lazy edge).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['shell', 'mf-*', 'packages/*'].map((folder) => path.join(ROOT, folder, 'tsconfig.json')),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // The benchmark's single-app baseline links the remotes into the shell on purpose.
    files: ['packages/bench/single-app/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // One layout for every file ESLint reads: Prettier (.prettierrc.json, 110 columns), reported
  // as a lint error, after the rules above so it turns off the style rules it replaces.
  // `pnpm exec eslint --fix <files>` (or `prettier --write`) applies it.
  prettierRecommended,
);
