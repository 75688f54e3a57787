import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../src/db/client';
import { migrateDb } from '../src/db/migrate';
import * as schema from '../src/db/schema/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data folder; empty when tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite costs seconds of initdb; a dump of one migrated database loads in about one.
 * Each test file still gets its own in-memory copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  await migrateDb(drizzle({ client, schema }) as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(tmpdir(), `manager-api-pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
