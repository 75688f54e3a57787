import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../db/client';
import { JOB_DEFINITIONS } from './definitions';
import { JOBS_SCHEMA } from './queue';
import { executorOf } from './sql';

/** The schema version this pg-boss expects (it migrates an older one at start). */
const BOSS_SCHEMA_VERSION: number = (
  createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }
).schema;

/**
 * pg-boss's schema, created or migrated to this pg-boss's version, and a queue per job
 * definition: part of the migration step, run as the schema's owner. Creating a queue creates
 * a table (a partition of `pgboss.job`), which the API's runtime role may not; at run time
 * pg-boss then finds its schema current and every queue there, and only reads and writes rows.
 * The queues' settings are applied again at every start (jobs/queue.ts).
 */
export async function installJobs(db: Db): Promise<void> {
  const boss = new PgBoss({
    db: executorOf(db) as PgBoss.Db,
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    for (const definition of JOB_DEFINITIONS)
      await boss.createQueue(definition.name, { name: definition.name, ...definition.queue });
  } finally {
    // Nothing was taken: no job to wait for, and the database is the caller's to close.
    await boss.stop({ graceful: false, close: false });
  }
}

/** What installJobs would still do, in words; null when nothing. Reads only. */
export async function pendingJobs(db: Db): Promise<string | null> {
  const [table] = await executeRows<{ found: string | null }>(
    db,
    sql`select to_regclass(${`${JOBS_SCHEMA}.version`})::text as found`,
  );
  if (!table?.found) return `pg-boss's schema ${JOBS_SCHEMA}`;
  const [row] = await executeRows<{ version: number }>(
    db,
    sql`select version from ${sql.identifier(JOBS_SCHEMA)}.version`,
  );
  if ((row?.version ?? 0) < BOSS_SCHEMA_VERSION)
    return `pg-boss's schema ${JOBS_SCHEMA} (version ${row?.version ?? 'none'} of ${BOSS_SCHEMA_VERSION})`;
  const queues = await executeRows<{ name: string }>(
    db,
    sql`select name from ${sql.identifier(JOBS_SCHEMA)}.queue`,
  );
  const missing = JOB_DEFINITIONS.map((d) => d.name).filter((name) => !queues.some((q) => q.name === name));
  return missing.length ? `job queues ${missing.join(', ')}` : null;
}
