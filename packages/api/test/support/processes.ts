import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDb, PACKAGE_DIR, withDefaultUser, type DbHandle } from '../../src/db/client';
import { createLoginRole } from './runtime-role';

/** The environment of a production start: fresh random secrets, nothing inherited that picks a database. */
export function productionEnv(database: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'MIGRATION_DATABASE_URL',
    'PGLITE_DIR',
    'ADMIN_PASSWORD',
    'API_KEY',
    'JWT_SECRET',
    'API_PORT',
  ])
    delete env[name];
  return withoutUndefined({
    ...env,
    ...database,
    NODE_ENV: 'production',
    API_KEY: `key-${randomBytes(12).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('base64'),
    API_PORT: '0',
    LOG_LEVEL: 'info',
  });
}

const withoutUndefined = (env: Record<string, string | undefined>): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));

export interface OutsideDatabase {
  /** PGLITE_DIR, or DATABASE_URL: what a process started on this database needs. */
  env: Record<string, string | undefined>;
  /**
   * With `runtimeRole` on PostgreSQL: DATABASE_URL the runtime role's and MIGRATION_DATABASE_URL
   * the owner's, what the migration step needs to migrate and grant. Otherwise `env`.
   */
  ownerEnv: Record<string, string | undefined>;
  /** With `runtimeRole` on PostgreSQL: the role DATABASE_URL signs in as; undefined otherwise. */
  role?: string;
  /** Opens it from this process, as the owner (a PGlite folder only while no other process has it). */
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

/**
 * A database that outlives the processes using it, for tests that start the real server or a
 * command: a PGlite folder in a temporary directory, or, with TEST_DATABASE_URL, a database of
 * its own on that server. `migrated` starts a PGlite folder from the migrated template
 * (global-setup.ts) instead of an empty one; a server database always starts empty.
 * `runtimeRole` (PostgreSQL; PGlite has one user): DATABASE_URL signs in as a login role of its
 * own, granted nothing until the migration step runs with `ownerEnv` (as production deploys).
 */
export async function outsideDatabase({
  migrated = false,
  runtimeRole = false,
} = {}): Promise<OutsideDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'manager-pglite-'));
    let template: string | undefined = migrated ? inject('pgliteTemplate') : undefined;
    const env = { PGLITE_DIR: dir, DATABASE_URL: undefined };
    return {
      env,
      ownerEnv: env,
      open: () => {
        const from = template ? { pgliteLoadDataDir: new Blob([readFileSync(template)]) } : {};
        template = undefined;
        return createDb({ pgliteDir: dir, ...from });
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import('pg');
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'manager'}_p${randomBytes(5).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl) });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await onServer(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const login = runtimeRole ? await createLoginRole(serverUrl) : null;
  const env = { DATABASE_URL: login ? login.urlOf(databaseUrl) : databaseUrl };
  return {
    env,
    ownerEnv: login ? { ...env, MIGRATION_DATABASE_URL: databaseUrl } : env,
    role: login?.role,
    open: () => createDb({ databaseUrl }),
    drop: async () => {
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await login?.drop();
    },
  };
}

export interface Run {
  child: ChildProcess;
  /** stdout and stderr as they arrive. */
  output: () => string;
  /** Resolves when `pattern` appears in the output; rejects when the process ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** The exit code (null when a signal ended it). */
  exit: Promise<number | null>;
  /** How it ended: the exit code or the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** Runs a command in packages/api with piped stdio (no terminal). */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(command, args, { cwd: PACKAGE_DIR, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('close', (code, signal) => done({ code, signal })),
  );
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
      void exited.then(() => {
        if (listeners.delete(check)) failed(new Error(`exited before ${pattern}:\n${text}`));
      });
    });
  return {
    child,
    output: () => text,
    waitFor,
    exit: exited.then((e) => e.code),
    exited,
    kill: (signal) => child.kill(signal),
  };
}

export type ServerProcess = Run & { url: string; stop(): Promise<void> };

/**
 * `node --import tsx src/server.ts` (as `pnpm start` spawns it) on a free loopback port;
 * `env` adds to (or, with undefined, removes from) the test's environment. Resolves with its
 * URL once /health answers.
 */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = run(
    process.execPath,
    ['--import', 'tsx', 'src/server.ts'],
    withoutUndefined({ ...process.env, API_PORT: '0', API_HOST: '127.0.0.1', ...env }),
  );
  const [, url] = await server.waitFor(/Manager API listening on (http:\/\/\S+)/);
  const health = await fetch(`${url}/health`);
  if (health.status !== 200) throw new Error(`/health answered ${health.status}`);
  const stop = async () => {
    server.kill('SIGTERM');
    await server.exited;
  };
  return { ...server, url: url!, stop };
}
