import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, withDefaultUser, type DbHandle } from '../src/db/client';

/** packages/api: where `node --import tsx` finds tsx, as packages/e2e/bench/lib.mjs starts the API. */
export const API_DIR = resolve(import.meta.dirname, '..');

/** The environment of a production start: fresh random secrets, nothing inherited that picks a database. */
export function productionEnv(database: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PGLITE_DIR', 'ADMIN_PASSWORD', 'API_KEY', 'JWT_SECRET', 'API_PORT']) delete env[name];
  return {
    ...env,
    ...database,
    NODE_ENV: 'production',
    API_KEY: `key-${randomBytes(12).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('base64'),
    API_PORT: '0',
    LOG_LEVEL: 'info',
  };
}

/**
 * A database never migrated: a new PGlite folder, or with TEST_DATABASE_URL a new database on
 * that server. `open` reads it from this process (for PGlite only while no other process has it).
 */
export async function emptyDatabase(): Promise<{ env: Record<string, string>; open(): Promise<DbHandle>; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'manager-prod-'));
    return {
      env: { PGLITE_DIR: dir },
      open: () => createDb({ pgliteDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import('pg');
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'manager'}_p${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl) });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATABASE_URL: databaseUrl },
    open: () => createDb({ databaseUrl }),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface Run {
  child: ChildProcess;
  /** stdout and stderr as they arrive. */
  output: () => string;
  /** Resolves when `pattern` appears in the output; rejects when the process ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  exit: Promise<number | null>;
}

/** Runs a command in packages/api with piped stdio (no terminal). */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(command, args, { cwd: API_DIR, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((found, failed) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match) {
          listeners.delete(check);
          found(match);
        }
      };
      listeners.add(check);
      check();
      void exit.then(() => {
        if (listeners.delete(check)) failed(new Error(`exited before ${pattern}:\n${text}`));
      });
    });
  return { child, output: () => text, waitFor, exit };
}

/** `node --import tsx src/server.ts` (as `pnpm start` spawns it); resolves with its URL once /health answers. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<Run & { url: string; stop(): Promise<void> }> {
  const server = run(process.execPath, ['--import', 'tsx', 'src/server.ts'], env);
  const [, url] = await server.waitFor(/Manager API listening on (http:\/\/\S+)/);
  const health = await fetch(`${url}/health`);
  if (health.status !== 200) throw new Error(`/health answered ${health.status}`);
  const stop = async () => {
    server.child.kill('SIGTERM');
    await server.exit;
  };
  return { ...server, url: url!, stop };
}
