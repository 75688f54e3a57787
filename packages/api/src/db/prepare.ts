import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { createDb, executeRows, type DbHandle } from './client';
import { migrateDb, pendingSchema } from './migrate';
import { grantRuntimeRole, roleOfUrl } from './roles';

type DatabaseConfig = Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl' | 'pgliteDir'> &
  Partial<Pick<Config, 'databaseListenUrl'>>;

/**
 * The connection that changes the schema: MIGRATION_DATABASE_URL (the owner) when set, else
 * DATABASE_URL, else the PGlite folder (one user, who owns everything).
 */
export function openSchemaOwner(config: DatabaseConfig): Promise<DbHandle> {
  return createDb({
    databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl,
    // Served on when the server need not reopen as DATABASE_URL's role (server.ts).
    listenUrl: config.databaseListenUrl,
    pgliteDir: config.pgliteDir,
  });
}

/**
 * Brings the schema up to date through `owner` (openSchemaOwner) before anything uses it.
 *
 * With MIGRATION_DATABASE_URL: migrates, then grants DATABASE_URL's role what the API needs
 * (roles.ts) and returns its name. Without: migrates only what is pending, so a runtime role
 * on a current schema runs no DDL, and one that meets pending migrations is told how to apply
 * them (it may not: PostgreSQL answers 42501, insufficient privilege).
 */
export async function migrateSchema(
  owner: DbHandle,
  config: DatabaseConfig,
): Promise<{ granted: string | null }> {
  if (config.migrationDatabaseUrl && config.databaseUrl) {
    await migrateDb(owner.db);
    const role = await roleOfUrl(config.databaseUrl);
    const [self] = await executeRows<{ role: string }>(owner.db, sql`select current_user as role`);
    // One role in both URLs: it owns everything already (a production start refuses it).
    if (role === self?.role) return { granted: null };
    await grantRuntimeRole(owner.db, role);
    return { granted: role };
  }
  const pending = await pendingSchema(owner.db);
  if (!pending) return { granted: null };
  try {
    await migrateDb(owner.db);
  } catch (error) {
    if (sqlStateOf(error) === '42501') {
      throw new Error(
        `The database needs ${pending} applied, and DATABASE_URL's role may not change the schema. ` +
          'Run `pnpm --filter @manager/api migrate` with MIGRATION_DATABASE_URL set to the schema owner (docs/security.md, Database roles).',
        { cause: error },
      );
    }
    throw error;
  }
  return { granted: null };
}

/** The SQLSTATE of a driver error, also when drizzle wraps it (in `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
