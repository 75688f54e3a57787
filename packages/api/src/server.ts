import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { migrateDb } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';
import { hasAdmins } from './auth/admin-repository';
import { adminsWithDemoCredentials, demoCredentialLines, seedDemoAdmins, type DemoAdmins } from './auth/demo-admins';
import { startActivitySimulator } from './dev/activity-simulator';

/**
 * Starts the API: migrate, listen, start the background jobs, say how to sign in.
 * Outside production an empty database gets the demo admins and demo data, and their
 * credentials are printed. Production never seeds (its first admin comes from
 * `admin:create`) and prints no secret.
 */
async function main() {
  const config = loadConfig();
  const production = config.nodeEnv === 'production';
  const setup = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await migrateDb(setup.db);
  let seeded: DemoAdmins | null = null;
  if (production) {
    const demoAdmins = await adminsWithDemoCredentials(setup.db, config);
    if (demoAdmins.length > 0) {
      await setup.close();
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
  // Migrations and the seed may take minutes at a million rows; only requests get the
  // statement timeout, so PostgreSQL is reopened with it (PGlite cannot enforce one).
  let handle = setup;
  if (setup.driver === 'pg' && config.dbStatementTimeoutMs > 0) {
    await setup.close();
    handle = await createDb({ databaseUrl: config.databaseUrl, statementTimeoutMs: config.dbStatementTimeoutMs });
  }

  // Background jobs (pg-boss) start with the app where JOBS_ENABLED; the database closes after
  // the app, once they have stopped.
  const app = await buildApp({ config, db: handle.db });
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

  console.log(`Manager API listening on ${url} (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite at ${config.pgliteDir}`})`);
  if (!production) console.log(demoCredentialLines(config, seeded).join('\n'));
  else if (!(await hasAdmins(handle.db))) console.log('No administrator yet: create one with `pnpm --filter @manager/api admin:create`.');
  if (!production && config.simulateActivityMs > 0) {
    console.log(`Simulated players, games, deposits and withdrawal requests every ${config.simulateActivityMs / 1000} s (SIMULATE_ACTIVITY_MS=0 turns it off)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
