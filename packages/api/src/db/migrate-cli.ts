import { loadConfig } from '../config';
import { createDb } from './client';
import { migrateDb } from './migrate';

/** `pnpm --filter @manager/api migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const handle = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await migrateDb(handle.db);
  console.log(`Migrations applied (${handle.driver === 'pg' ? 'PostgreSQL' : config.pgliteDir})`);
} finally {
  await handle.close();
}
