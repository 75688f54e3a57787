import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db, type DbOrTx } from '../db/client';

/** A row as pg-boss reads it. */
type Row = Record<string, unknown>;

/** What pg-boss runs its statements through (its `db` option, and `send`'s `{ db }`). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  exec(text: string): Promise<Array<{ rows: Row[] }>>;
}
interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: Row[] } | Array<{ rows: Row[] }>>;
}

/** The pg Pool answers a multi-statement text with one result per statement; pg-boss reads the last. */
const lastOf = (result: { rows: Row[] } | Array<{ rows: Row[] }>) =>
  Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result;

/**
 * pg-boss over the app's own database: the node-postgres pool, or the one embedded PGlite
 * (whose `query` takes one statement, so pg-boss's schema scripts, sent without values, go
 * through `exec`). Its statements never run inside an app transaction.
 */
export function executorOf(db: Db): SqlExecutor {
  const client = (db as unknown as { $client: PgliteClient | PgPool }).$client;
  if ('exec' in client) {
    return {
      executeSql: async (text, values) => {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  return { executeSql: async (text, values) => lastOf(await client.query(text, values)) };
}

/**
 * A statement of pg-boss run inside `tx` (a job sent with the transaction that makes it due,
 * so a rollback takes the job back too). Its `$n` placeholders become drizzle parameters.
 */
export function executorIn(tx: DbOrTx): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: await executeRows<Row>(tx, sql.join(chunks)) };
    },
  };
}
