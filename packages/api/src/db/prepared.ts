import { sql } from 'drizzle-orm';
import { executeRows, type DbOrTx } from './client';

interface PoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  totalCount: number;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  dumpDataDir: unknown;
}

/**
 * PGlite's client has no named statements: every query is parsed and planned again, which
 * cost about 2 ms of the 4 ms the users page took at 1M users (WebAssembly). So a hot
 * statement is `PREPARE`d once per PGlite instance and run with `EXECUTE name(literals)`
 * (EXECUTE takes no bind parameters), but only when every value is a number, null or an
 * array of numbers, whose literal text is exact and cannot carry SQL; other values (text)
 * go through the ordinary parameterised query.
 */
const pglitePrepared = new WeakMap<object, Map<string, Promise<unknown>>>();

function inlineLiteral(value: unknown): string | null {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  if (
    Array.isArray(value) &&
    value.every((v) => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint')
  ) {
    return `'{${value.map(String).join(',')}}'`;
  }
  return null;
}

function preparedOnce(client: PgliteLike, name: string, text: string): Promise<unknown> {
  let names = pglitePrepared.get(client);
  if (!names) {
    names = new Map();
    pglitePrepared.set(client, names);
  }
  let done = names.get(name);
  if (!done) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad statement name ${name}`);
    done = client.query(`prepare ${name} as ${text}`, []);
    names.set(name, done);
    done.catch(() => names.get(name) === done && names.delete(name));
  }
  return done;
}

/**
 * Rows of a hot, fixed SQL text with `$n` parameters. On PostgreSQL it runs as a named
 * prepared statement, so each pooled connection plans it once: at a million users the
 * planner's time (1.5-2 ms with the trigram indexes in view) was several times the
 * execution's (0.3-0.8 ms) for the users page and its per-player counts. PGlite: a prepared
 * statement too when the values allow it (above), else the same text through its own client;
 * a transaction (no `$client`) through `execute`.
 */
export async function preparedRows<T>(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client as Partial<PoolLike & PgliteLike> | undefined;
  if (client && typeof client.query === 'function' && typeof client.totalCount === 'number') {
    return (await (client as PoolLike).query({ name, text, values })).rows as T[];
  }
  if (client && typeof client.query === 'function' && client.dumpDataDir) {
    const pglite = client as PgliteLike;
    const literals = values.map(inlineLiteral);
    if (literals.every((l) => l !== null)) {
      await preparedOnce(pglite, name, text);
      return (await pglite.query(`execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`, []))
        .rows as T[];
    }
    return (await pglite.query(text, values)).rows as T[];
  }
  // Inside a transaction: the same SQL, parameters bound in order ($1, $2, ... appear once each or more).
  const parts = text.split(/\$(\d+)/);
  // sql.param: an array stays ONE parameter (a bare array in a sql template becomes a list).
  const chunks = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
  );
  return executeRows<T>(db, sql.join(chunks, sql``));
}
