import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { migrateSchema, openSchemaOwner } from './db/prepare';
import { runtimeRoleProblems } from './db/roles';
import { seedIfEmpty } from './db/seed/index';
import { hasAdmins } from './auth/admin-repository';
import {
  adminsWithDemoCredentials,
  demoCredentialLines,
  seedDemoAdmins,
  type DemoAdmins,
} from './auth/demo-admins';
import { startActivitySimulator } from './dev/activity-simulator';

/**
 * Starts the API: migrate, listen, start the background jobs, say how to sign in.
 * Outside production an empty database gets the demo admins and demo data, and their
 * credentials are printed. Production never seeds (its first admin comes from
 * `admin:create`) and prints no secret. On PostgreSQL, production serves only as a role that
 * may read and write rows and nothing more (db/roles.ts): the schema owner migrates beforehand.
 */
async function main() {
  const config = loadConfig();
  const production = config.nodeEnv === 'production';
  // An API process holding the owner's password could switch the audit triggers off itself.
  if (production && config.migrationDatabaseUrl) {
    throw new Error(
      "Refusing to start in production: MIGRATION_DATABASE_URL is set. The server must not hold the schema owner's password: " +
        'run `pnpm --filter @manager/api migrate` with it as a release step, and start the server with DATABASE_URL (the runtime role) only.',
    );
  }
  // Migrations, grants and the demo data go through the owner (MIGRATION_DATABASE_URL) when
  // given, else through DATABASE_URL or PGlite.
  const setup = await openSchemaOwner(config);
  let seeded: DemoAdmins | null = null;
  try {
    if (production && setup.driver === 'pg') {
      const problems = await runtimeRoleProblems(setup.db);
      if (problems.length > 0) {
        throw new Error(
          `Refusing to start in production: DATABASE_URL's role can change the schema or the audit trail. It ${problems.join('; ')}. ` +
            'Connect as a role that may only read and write rows, granted by `pnpm --filter @manager/api migrate` run with ' +
            'MIGRATION_DATABASE_URL (docs/security.md, Database roles).',
        );
      }
    }
    await migrateSchema(setup, config);
    if (production) {
      const demoAdmins = await adminsWithDemoCredentials(setup.db, config);
      if (demoAdmins.length > 0) {
        throw new Error(
          `Refusing to start in production: administrator(s) ${demoAdmins.join(', ')} sign in with a published demo password or TOTP secret ` +
            '(this database was seeded by a development start). Use a new database, or delete those administrators first.',
        );
      }
    } else {
      // Admins first: the console is usable even before (or without) the demo data.
      seeded = await seedDemoAdmins(setup.db, config);
      const data = await seedIfEmpty(setup.db, { log: (message) => console.log(`seed: ${message}`) });
      if (data) console.log(`Demo data seeded in ${(data.ms / 1000).toFixed(1)} s`);
    }
  } catch (error) {
    await setup.close();
    throw error;
  }
  // Migrations and the seed may take minutes at a million rows; only requests get the
  // statement timeout, so PostgreSQL is reopened with it (PGlite cannot enforce one), and as
  // DATABASE_URL's role where the owner prepared the database.
  let handle = setup;
  if (setup.driver === 'pg' && (config.dbStatementTimeoutMs > 0 || config.migrationDatabaseUrl)) {
    await setup.close();
    handle = await createDb({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
  }

  // Background jobs (pg-boss) start with the app where JOBS_ENABLED; the database closes after
  // the app, once they have stopped.
  const app = await buildApp({ config, db: handle.db, listen: handle.listen });
  if (!production && config.simulateActivityMs > 0) {
    const simulator = startActivitySimulator(handle.db, {
      everyMs: config.simulateActivityMs,
      onError: (error) => app.log.warn({ err: error }, 'activity simulator tick failed'),
    });
    app.addHook('onClose', () => simulator.stop());
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => handle.close().then(() => process.exit(0)),
        () => process.exit(1),
      );
    });
  }
  const url = await app.listen({ port: config.port, host: config.host });

  console.log(
    `Manager API listening on ${url} (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite at ${config.pgliteDir}`})`,
  );
  if (!production) console.log(demoCredentialLines(config, seeded).join('\n'));
  else if (!(await hasAdmins(handle.db)))
    console.log('No administrator yet: create one with `pnpm --filter @manager/api admin:create`.');
  if (!production && config.simulateActivityMs > 0) {
    console.log(
      `Simulated players, games, deposits and withdrawal requests every ${config.simulateActivityMs / 1000} s (SIMULATE_ACTIVITY_MS=0 turns it off)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
