import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { resolve } from 'node:path';
import { installJobs, pendingJobs } from '../jobs/install';
import { PACKAGE_DIR, executeRows, type Db } from './client';

export const MIGRATIONS_DIR = resolve(PACKAGE_DIR, 'drizzle');

/**
 * Creates pg_trgm (search indexes need it), applies the migrations in packages/api/drizzle,
 * then installs pg-boss's schema and the job queues (jobs/install.ts). Both drivers' `migrate`
 * do exactly the first two, so one function serves PGlite and node-postgres. Every step is DDL:
 * run it as the schema's owner (src/db/prepare.ts).
 */
export async function migrateDb(db: Db): Promise<void> {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder: MIGRATIONS_DIR });
  await installJobs(db);
}

/**
 * What `migrateDb` would still do, in words; null when the schema is current. It only reads
 * (drizzle's journal table and pg-boss's), so a role without DDL rights may ask. Pending
 * migrations are those newer than the last one applied, as drizzle's migrator decides.
 */
export async function pendingSchema(db: Db): Promise<string | null> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const [journal] = await executeRows<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  let applied = -1;
  if (journal?.found) {
    const [last] = await executeRows<{ at: string | null }>(
      db,
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    );
    applied = last?.at == null ? -1 : Number(last.at);
  }
  const pending = migrations.filter((m) => m.folderMillis > applied).length;
  if (pending > 0) return `${pending} of ${migrations.length} migrations`;
  return pendingJobs(db);
}
