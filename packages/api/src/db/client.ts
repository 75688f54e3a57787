import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import * as schema from './schema/index';
import { listenerFor, type Listen } from './listen';

export type Schema = typeof schema;
/** One database type for both drivers (PGlite and node-postgres): same schema, same SQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => ...)`). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction, for helpers that run inside both. */
export type DbOrTx = Db | Tx;

/** The rows of a raw query (`db.execute`), typed by the caller: drizzle types that result per driver. */
export async function executeRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface DbHandle {
  db: Db;
  /** 'pglite' (embedded) or 'pg' (a PostgreSQL server through DATABASE_URL). */
  driver: 'pglite' | 'pg';
  /** LISTEN on a channel (db/listen.ts): in process on PGlite, a connection of its own on PostgreSQL. */
  listen: Listen;
  close(): Promise<void>;
}

export const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_PGLITE_DIR = resolve(PACKAGE_DIR, '.data/pglite');

/** Relative paths are taken from the package folder, so the data folder does not depend on cwd. */
export function resolvePackagePath(path: string): string {
  return isAbsolute(path) ? path : resolve(PACKAGE_DIR, path);
}

/** Like libpq, a URL without a user (postgres:///db) means the OS user, even where USER is unset. */
export function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.username || url.searchParams.has('user') || process.env.PGUSER) return databaseUrl;
  url.searchParams.set('user', userInfo().username);
  return url.toString();
}

/**
 * PGlite's buffer cache lives in the API process's WebAssembly memory, which never shrinks,
 * while the operating system caches the data folder's files anyway. At 1M users the API held
 * 512 MB resident after the benchmark load with PostgreSQL's 128MB default, 406 MB with 32MB
 * and 397 MB with 16MB, at the same speed (README, Benchmarks). Override: PGLITE_SHARED_BUFFERS.
 */
const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

interface CreateDbOptions {
  /** PostgreSQL URL; when set node-postgres is used, else embedded PGlite. */
  databaseUrl?: string;
  /** PostgreSQL only: where `listen` connects (DATABASE_LISTEN_URL), else `databaseUrl`. */
  listenUrl?: string;
  /** PGlite data folder (default packages/api/.data/pglite); `memory://` for a throwaway database. */
  pgliteDir?: string;
  /**
   * PostgreSQL only: `statement_timeout` of every pooled connection (ms; 0 or absent = none).
   * A query cancelled by it fails with SQLSTATE 57014, which the API answers as a 503. PGlite
   * (WebAssembly, no timer signals) ignores the setting, so it is not applied there.
   */
  statementTimeoutMs?: number;
  /** PGlite `shared_buffers` (default PGLITE_SHARED_BUFFERS, else DEFAULT_PGLITE_SHARED_BUFFERS). */
  pgliteSharedBuffers?: string;
  /** A PGlite data-folder dump (`dumpDataDir()`) to start from instead of a fresh initdb. */
  pgliteLoadDataDir?: Blob;
}

export async function createDb(opts: CreateDbOptions = {}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    // bigint (int8) and numeric come back as strings by default; columns choose their own mode.
    const pool = new pg.Pool({
      connectionString: withDefaultUser(opts.databaseUrl),
      max: 10,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    let closing = false;
    // An idle connection dropped by the server (restart, admin command) must not kill the process.
    pool.on('error', (error) => {
      if (!closing) console.error(`PostgreSQL connection error: ${error.message}`);
    });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    const close = async () => {
      closing = true;
      await pool.end();
    };
    return {
      db,
      driver: 'pg',
      listen: listenerFor(db, opts.listenUrl && withDefaultUser(opts.listenUrl)),
      close,
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const dir = opts.pgliteDir ?? process.env.PGLITE_DIR ?? DEFAULT_PGLITE_DIR;
  const dataDir = dir.startsWith('memory://') ? dir : resolvePackagePath(dir);
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const sharedBuffers =
    opts.pgliteSharedBuffers ?? process.env.PGLITE_SHARED_BUFFERS ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, driver: 'pglite', listen: listenerFor(db), close: () => client.close() };
}
