import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { createDb, withDefaultUser, type Db } from '../../src/db/client';
import { migrateDb } from '../../src/db/migrate';
import * as schema from '../../src/db/schema/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data folder; empty when tests run on PostgreSQL. */
    pgliteTemplate: string;
    /** Name of a migrated database on the TEST_DATABASE_URL server to copy; empty on PGlite. */
    pgTemplate: string;
  }
}

/**
 * Migrating a database costs about a second on either driver, and most test files create one
 * or more. A database migrated once here is copied instead: on PGlite a dump of its data
 * folder (loaded in about a second, where a fresh initdb costs several), on PostgreSQL a
 * template database (`CREATE DATABASE ... TEMPLATE` copies it in tens of milliseconds). Each
 * test file still gets its own database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplate', '');
    return setupServerTemplate(project, serverUrl);
  }
  project.provide('pgTemplate', '');
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  await migrateDb(drizzle({ client, schema }) as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(tmpdir(), `manager-api-pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

/** A migrated `<that name>_tpl<pid>` on the server; nothing stays connected to it, as a template requires. */
async function setupServerTemplate(project: TestProject, serverUrl: string) {
  const { default: pg } = await import('pg');
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'manager'}_tpl${process.pid}`;
  const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  try {
    await migrateDb(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('pgTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
