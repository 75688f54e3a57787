import { parseArgs } from 'node:util';
import { ReleaseError } from './errors';
import { parseRemote, workspaceFromEnv, type Workspace } from './layout';
import { releasesTable } from './list';
import { promote, rollback, type Outcome } from './promote';
import { release, releaseSource } from './release';
import { describeVerification } from './verification';
import { verify } from './verify';

const USAGE = `usage:
  release <remote | folder> [--json]                     build an immutable release (a folder: a remote outside the console)
  verify <remote> <version>                              run the smoke and journey specs against it, record the result
  promote <remote> <version> [--canary a,b] [--force]    make it live (or a canary for those admins); verified ones only
  rollback <remote>                                      take back the canary, else the last promote
  releases <remote>                                      list releases and which is live
environment: RELEASES_DIR (default <repo>/releases), CONSOLE_BUILD_JSON (a file or a URL; default <repo>/shell/dist/build.json)
  CONSOLE_API_URL, RELEASES_TOKEN (the console's API: checks a canary's names, is told of each change)`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; returns the exit code (1 for a refusal, after printing why). */
export async function run(
  argv: string[],
  ws: Workspace = workspaceFromEnv(),
  io: Io = consoleIo,
): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case 'release': {
        const { positionals, values } = parse(rest, { json: { type: 'boolean' } }, 1);
        // Through `pnpm release`, a relative folder is the caller's (pnpm runs the script at
        // the root); an INIT_CWD left by another pnpm script is not.
        const callerCwd =
          process.env.npm_lifecycle_event === 'release' && process.env.INIT_CWD
            ? process.env.INIT_CWD
            : process.cwd();
        const source = releaseSource(ws, positionals[0], callerCwd);
        const result = release(ws, source.remote, io.err, source.app);
        const { remote, version } = result.release;
        if (values.json)
          io.out(JSON.stringify({ remote, version, path: result.path, created: result.created }));
        else if (result.created)
          io.out(
            `released ${remote} ${version} in ${result.path}\nmake it live: pnpm promote ${remote} ${version}`,
          );
        else io.out(`${remote} ${version} is released already (same content); nothing changed`);
        return 0;
      }
      case 'promote': {
        const { positionals, values } = parse(
          rest,
          { canary: { type: 'string' }, force: { type: 'boolean' } },
          2,
        );
        const canary =
          values.canary === undefined
            ? undefined
            : values.canary
                .split(',')
                .map((a) => a.trim())
                .filter(Boolean);
        const outcome = await promote(ws, parseRemote(positionals[0], ws), positionals[1], {
          canary,
          force: values.force,
        });
        if (outcome.warning) io.err(`warning: ${outcome.warning}`);
        io.out(outcome.message);
        await tell(ws, outcome, io);
        return 0;
      }
      case 'verify': {
        const { positionals } = parse(rest, {}, 2);
        const remote = parseRemote(positionals[0], ws);
        const v = await verify(ws, remote, positionals[1]);
        const line = `${remote} ${positionals[1]}: verification ${describeVerification(v)}`;
        if (v.report) io.out(`report: ${v.report}`);
        if (!v.passed) {
          io.err(line);
          return 1;
        }
        io.out(`${line}\nmake it live: pnpm promote ${remote} ${positionals[1]}`);
        return 0;
      }
      case 'rollback': {
        const { positionals } = parse(rest, {}, 1);
        const outcome = rollback(ws, parseRemote(positionals[0], ws));
        io.out(outcome.message);
        await tell(ws, outcome, io);
        return 0;
      }
      case 'releases': {
        const { positionals } = parse(rest, {}, 1);
        io.out(releasesTable(ws, parseRemote(positionals[0], ws)));
        return 0;
      }
      default:
        throw new ReleaseError(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
    }
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    io.err(error.message);
    return 1;
  }
}

/**
 * Tells the console's inbox what a promote or a rollback made live. The change is written by
 * then, so an API that cannot be told is a warning, never a failed command: the exit code stays
 * 0 and a script goes on (any error, since nothing is left to undo).
 */
async function tell(ws: Workspace, { notice }: Outcome, io: Io): Promise<void> {
  if (!notice) return;
  try {
    await ws.announce(notice);
  } catch (error) {
    io.err(`warning: the console's inbox was not told: ${(error as Error).message}`);
  }
}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parse<O extends Options>(args: string[], options: O, maxPositionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ReleaseError(`${(error as Error).message}\n${USAGE}`);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new ReleaseError(`unexpected argument "${parsed.positionals[maxPositionals]}"\n${USAGE}`);
  }
  return parsed;
}

const consoleIo: Io = { out: (line) => console.log(line), err: (line) => console.error(line) };
