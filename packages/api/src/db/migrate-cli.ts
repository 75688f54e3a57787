import { loadConfig } from '../config';
import { demoCredentialLines, seedDemoAdmins } from '../auth/demo-admins';
import { migrateSchema, openSchemaOwner } from './prepare';
import { seedIfEmpty } from './seed/index';

/**
 * `pnpm --filter @manager/api migrate [-- --seed]`: applies pending migrations to the configured
 * database, as MIGRATION_DATABASE_URL (the schema owner) when set, which then grants
 * DATABASE_URL's role what the API needs (docs/security.md, Database roles). `--seed` then
 * does what a development start does to an empty database (the demo admins and demo data), as
 * the owner: refused in production.
 */
const config = loadConfig();
const seed = process.argv.slice(2).includes('--seed');
if (seed && config.nodeEnv === 'production') {
  console.error(
    '--seed writes demo admins with published passwords: it never runs with NODE_ENV=production.',
  );
  process.exit(1);
}
const handle = await openSchemaOwner(config);
try {
  const { granted } = await migrateSchema(handle, config);
  console.log(`Migrations applied (${handle.driver === 'pg' ? 'PostgreSQL' : config.pgliteDir})`);
  if (granted)
    console.log(`Role ${granted} (DATABASE_URL) may read and write the app's rows, and nothing more`);
  if (seed) {
    const seeded = await seedDemoAdmins(handle.db, config);
    const data = await seedIfEmpty(handle.db, { log: (message) => console.log(`seed: ${message}`) });
    if (data) console.log(`Demo data seeded in ${(data.ms / 1000).toFixed(1)} s`);
    if (seeded) console.log(demoCredentialLines(config, seeded).join('\n'));
  }
} finally {
  await handle.close();
}
