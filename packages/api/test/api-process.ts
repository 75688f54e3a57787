import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDb, PACKAGE_DIR, withDefaultUser, type DbHandle } from '../src/db/client';

/**
 * A database that outlives the processes using it, for tests that start the real server: a
 * PGlite folder in a temporary directory (one process at a time may open it), or, with
 * TEST_DATABASE_URL, a database of its own on that server.
 */
export async function durableDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'manager-pglite-'));
    // The first opening starts from the migrated template (global-setup.ts) instead of an initdb.
    let template: string | undefined = inject('pgliteTemplate');
    const open = (): Promise<DbHandle> => {
      const from = template ? { pgliteLoadDataDir: new Blob([readFileSync(template)]) } : {};
      template = undefined;
      return createDb({ pgliteDir: dir, ...from });
    };
    return {
      env: { PGLITE_DIR: dir, DATABASE_URL: undefined } as Record<string, string | undefined>,
      open,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import('pg');
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'manager'}_p${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl) });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await run(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATABASE_URL: databaseUrl } as Record<string, string | undefined>,
    open: (): Promise<DbHandle> => createDb({ databaseUrl }),
    drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export interface ApiProcess {
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Starts `src/server.ts` as `pnpm serve` does, on a free port of the loopback, and resolves
 * once it listens. `env` adds to (or, with undefined, removes from) the test's environment.
 */
export async function startApiProcess(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<ApiProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, API_PORT: '0', API_HOST: '127.0.0.1', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: PACKAGE_DIR, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listening = /Manager API listening on (http:\/\/\S+)/.exec(text);
    if (listening) {
      return { url: listening[1]!, output: () => text, exited, kill: (signal) => child.kill(signal) };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start:\n${text.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
