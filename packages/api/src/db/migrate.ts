import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { resolve } from 'node:path';
import { PACKAGE_DIR, type Db } from './client';

export const MIGRATIONS_DIR = resolve(PACKAGE_DIR, 'drizzle');

/**
 * Creates pg_trgm (search indexes need it) and applies the migrations in packages/api/drizzle.
 * Both drivers' `migrate` do exactly this, so one function serves PGlite and node-postgres.
 */
export async function migrateDb(db: Db): Promise<void> {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder: MIGRATIONS_DIR });
}
