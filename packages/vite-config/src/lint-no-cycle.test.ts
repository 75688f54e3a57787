import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_ROOT } from './workspace.ts';

/**
 * The root eslint.config.js refuses import cycles in every app's and package's source
 * (`import-x/no-cycle`). Each case writes real files into a throwaway folder of a real source
 * tree (the rule follows imports on disk, resolved as TypeScript does) and lints them with the
 * repository's own configuration.
 */
const root = fileURLToPath(WORKSPACE_ROOT);
// The fixture comes and goes inside the platform's source folder, whose time the stack's build
// check reads (@manager/stack, build.ts): the folder gets its time back, so a test run does not
// make every app look changed and rebuild at the next `pnpm start`.
const SOURCE = 'packages/platform/src';
const parent = new URL(`${SOURCE}/`, WORKSPACE_ROOT);
const fixture = `${SOURCE}/__cycle_fixture_${process.pid}__`;
const noCycle = ({ ruleId }: { ruleId: string }) => ruleId === 'import-x/no-cycle';
let parentTimes: { atime: Date; mtime: Date };

let eslint: ESLint;
beforeAll(() => {
  const { atime, mtime } = statSync(parent);
  parentTimes = { atime, mtime };
  eslint = new ESLint({ cwd: root, ruleFilter: noCycle });
});
afterAll(() => {
  rmSync(new URL(`${fixture}/`, WORKSPACE_ROOT), { recursive: true, force: true });
  utimesSync(parent, parentTimes.atime, parentTimes.mtime);
});

/** Writes `files` (name to text) into a case's folder and lints them: each file's problems as rule ids. */
async function lint(name: string, files: Record<string, string>) {
  const folder = new URL(`${fixture}/${name}/`, WORKSPACE_ROOT);
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(new URL(file, folder), text);
  const results = await eslint.lintFiles(Object.keys(files).map((file) => `${fixture}/${name}/${file}`));
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(result.filePath.lastIndexOf('/') + 1),
      result.messages.map((m) => m.ruleId ?? m.message),
    ]),
  );
}

// The first lint loads the repository's ESLint configuration and the TypeScript resolver: seconds
// on a busy 2-core machine, past Vitest's 5 s default.
describe('import cycles', { timeout: 60_000 }, () => {
  it('are refused when two files import each other', async () => {
    const problems = await lint('pair', {
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(problems).toEqual({ 'a.ts': ['import-x/no-cycle'], 'b.ts': ['import-x/no-cycle'] });
  });

  it('are refused through several files and through NodeNext-style `.js` imports of TypeScript files', async () => {
    const problems = await lint('ring', {
      'one.ts': "import { two } from './two.js';\nexport const one = () => two;\n",
      'two.ts': "import { three } from './three.js';\nexport const two = () => three;\n",
      'three.tsx': "import { one } from './one.js';\nexport const three = () => one;\n",
    });
    expect(problems).toEqual({
      'one.ts': ['import-x/no-cycle'],
      'two.ts': ['import-x/no-cycle'],
      'three.tsx': ['import-x/no-cycle'],
    });
  });

  it('are not found where imports go one way, or come back only as types', async () => {
    const problems = await lint('one-way', {
      'shared.ts': 'export type Row = { id: string };\nexport const rows: Row[] = [];\n',
      'list.ts':
        "import { rows } from './shared';\nimport type { Detail } from './detail';\nexport const list = (): Detail[] => rows;\n",
      'detail.ts':
        "import { rows, type Row } from './shared';\nimport { list } from './list';\nexport type Detail = Row;\nexport const detail = () => [...rows, ...list()];\n",
    });
    expect(problems).toEqual({ 'shared.ts': [], 'list.ts': [], 'detail.ts': [] });
  });
});
