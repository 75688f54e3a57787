import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

type IndexDef = { name: string; definition: string };

/**
 * Secondary indexes of the given tables (constraint-backed ones such as primary keys stay).
 * Dropping them before a bulk load and building each once afterwards is several times faster
 * than maintaining trigram and btree indexes row by row for millions of rows.
 */
export async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<IndexDef[]> {
  const indexes = await executeRows<IndexDef>(
    db,
    sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    order by i.indexname`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  return indexes;
}

export async function restoreIndexes(
  db: Db,
  indexes: IndexDef[],
  log: (m: string) => void = () => {},
): Promise<void> {
  for (const index of indexes) {
    const started = Date.now();
    await db.execute(sql.raw(index.definition));
    const ms = Date.now() - started;
    if (ms > 2000) log(`index ${index.name} built in ${(ms / 1000).toFixed(1)} s`);
  }
}
