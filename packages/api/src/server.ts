import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { migrateDb } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';
import { seedDemoAdmins } from './auth/demo-admins';
import { otpauthUrl } from './auth/totp';
import { scheduleTransferReconciliation } from './withdrawals/reconcile-scheduler';

/** Starts the API: migrate, seed an empty database, listen, settle abandoned transfer claims, print how to sign in. */
async function main() {
  const config = loadConfig();
  const setup = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await migrateDb(setup.db);
  // Admins first: the console is usable even before (or without) the demo data.
  const seeded = await seedDemoAdmins(setup.db, config);
  const data = await seedIfEmpty(setup.db, { log: (message) => console.log(`seed: ${message}`) });
  if (data) console.log(`Demo data seeded in ${(data.ms / 1000).toFixed(1)} s`);
  // Migrations and the seed may take minutes at a million rows; only requests get the
  // statement timeout, so PostgreSQL is reopened with it (PGlite cannot enforce one).
  let handle = setup;
  if (setup.driver === 'pg' && config.dbStatementTimeoutMs > 0) {
    await setup.close();
    handle = await createDb({ databaseUrl: config.databaseUrl, statementTimeoutMs: config.dbStatementTimeoutMs });
  }

  const app = await buildApp({ config, db: handle.db });
  app.addHook('onClose', () => handle.close());
  // Added after the database's hook, so it stops (onClose runs last-added first) before that closes.
  scheduleTransferReconciliation(app);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  const url = await app.listen({ port: config.port, host: config.host });

  const { demo } = config;
  const lines = [
    `Manager API listening on ${url} (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite at ${config.pgliteDir}`})`,
    `  API key header: ${config.apiKeyHeader}: ${config.apiKey}`,
    `  Admin:          ${demo.adminUsername} / ${demo.adminPassword} (no 2FA)`,
    `  Admin with 2FA: ${demo.twoFactorUsername} / ${demo.twoFactorPassword}`,
    `  TOTP secret:    ${demo.totpSecret}`,
    `  otpauth URL:    ${otpauthUrl(demo.twoFactorUsername, demo.totpSecret)}`,
  ];
  if (seeded) lines.push(`  Backup codes:   ${seeded.twoFactorAdmin.backupCodes.join(' ')}`);
  else lines.push('  (admins already existed: credentials changed since the first start are not shown)');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
