// `pnpm check <area> [playwright options]`: what a team runs before it pushes a change of its
// remote (README, "How a team ships a remote"): the area's typecheck, lint and unit tests, then
// its end-to-end specs with the journeys (`pnpm e2e <area>`). It stops at the first step that
// fails, since the end-to-end specs take minutes, and ends with each step's time.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AREAS, type Area } from '../areas';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Step {
  name: string;
  command: string;
  args: string[];
}

/** The steps of `pnpm check <area>`, in order; `options` go to Playwright. */
export function checkSteps(area: Area, options: string[] = []): Step[] {
  const { folder } = AREAS[area];
  return [
    { name: 'typecheck', command: 'pnpm', args: ['--dir', folder, 'run', 'typecheck'] },
    { name: 'lint', command: 'pnpm', args: ['exec', 'eslint', folder] },
    { name: 'unit tests', command: 'pnpm', args: ['--dir', folder, 'run', 'test'] },
    {
      name: `end-to-end (@${area} and the journeys)`,
      command: 'pnpm',
      args: ['--filter', '@manager/e2e', 'e2e', area, ...options],
    },
  ];
}

function main(argv: string[]): number {
  const [area, ...options] = argv.filter((a) => a !== '--');
  const areas = Object.keys(AREAS);
  if (!area || !areas.includes(area)) {
    console.error(`usage: pnpm check <area> [playwright options]  (area: one of ${areas.join(', ')})`);
    return 2;
  }
  const done: string[] = [];
  let code = 0;
  for (const step of checkSteps(area as Area, options)) {
    console.log(`\n==> ${step.name}: ${step.command} ${step.args.join(' ')}`);
    const started = Date.now();
    code = spawnSync(step.command, step.args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
    done.push(
      `${step.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    if (code !== 0) break;
  }
  console.log(`\npnpm check ${area}:\n  ${done.join('\n  ')}`);
  return code;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exit(main(process.argv.slice(2)));
