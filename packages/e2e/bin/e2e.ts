// `pnpm e2e [area | smoke | all] [playwright options]`: a team's specs with the journeys, the
// read-only smoke subset, or everything (README, "Running a team's specs").
//
// Two Playwright runs: the areas' projects first (side by side), then the `stack-wide` tests
// (a promoted release, a stopped remote) alone, with `--no-deps`, since a run of that project
// would otherwise run every area's tests first, whatever the filter. Options after the first
// word go to both runs (`--workers 4`, `--headed`, `-g "search"`); the exit code is the first
// failing run's.
import { spawnSync } from 'node:child_process';
import { AREAS, STACK_WIDE, type Area } from '../areas';

const [first, ...rest] = process.argv.slice(2).filter((a) => a !== '--');
const areas = Object.keys(AREAS) as Area[];
const word = first && !first.startsWith('-') ? first : 'all';
const options = word === first ? rest : process.argv.slice(2).filter((a) => a !== '--');

function grepFor(choice: string): string | null {
  if (choice === 'all') return null;
  if (choice === 'smoke') return '@smoke';
  if ((areas as string[]).includes(choice)) return `@${choice}\\b|@journey`;
  console.error(`pnpm e2e: "${choice}" is none of: ${[...areas, 'smoke', 'all'].join(', ')}`);
  process.exit(2);
}

const grep = grepFor(word);
const filter = grep ? ['--grep', grep] : [];
const playwright = (args: string[]) =>
  spawnSync('pnpm', ['exec', 'playwright', 'test', ...args], {
    stdio: 'inherit',
    cwd: new URL('..', import.meta.url),
  }).status ?? 1;

// The suite's own stack serves the builds of the working tree: build what changed first.
if (!process.env.E2E_BASE_URL) {
  const built = spawnSync('pnpm', ['--filter', '@manager/stack', 'build:apps'], { stdio: 'inherit' }).status;
  if (built !== 0) process.exit(built ?? 1);
}

// `--project=<name>`: a bare `--project` takes every word after it, spec files included.
const areaRun = playwright([
  ...areas.map((a) => `--project=${a}`),
  '--project=untagged',
  ...filter,
  ...options,
]);
// Smoke tests read only: none of them is stack-wide.
const stackRun =
  word === 'smoke'
    ? 0
    : playwright(['--project=stack-wide', '--no-deps', '--pass-with-no-tests', ...filter, ...options]);
console.log(
  `pnpm e2e ${word}: areas ${areaRun === 0 ? 'passed' : 'FAILED'}, ${STACK_WIDE} ${stackRun === 0 ? 'passed' : 'FAILED'}`,
);
process.exit(areaRun || stackRun);
