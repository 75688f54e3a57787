import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/audit/chain';
import { createDb, type Db } from '../../src/db/client';
import { migrateDb, MIGRATIONS_DIR } from '../../src/db/migrate';
import { auditLog } from '../../src/db/schema/index';
import { chain, expectWholeChain, headOf, refusal } from '../support/audit-chain-support';
import { createTestDb } from '../support/helper';
import { outsideDatabase, run } from '../support/processes';

/*
 * Databases that held audit rows before the chain existed, and copies of a chained database:
 * the chain is whole and verifies in both.
 */
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
const chainStarts = migrations.findIndex((m) =>
  m.sql.some((s) => s.includes('CREATE TABLE "audit_chain_head"')),
);
/** The migrations that (re)define the hash: the chain's triggers, then the console version's column. */
const hashDefinitions = migrations.filter((m) =>
  m.sql.some((s) => s.includes('FUNCTION "audit_chain_hash"')),
);
const consoleVersionStarts = migrations.findIndex((m) =>
  m.sql.some((s) => s.includes('ADD COLUMN IF NOT EXISTS "console_version"')),
);

/** Applies the migrations before the `until`th, as a database deployed before it has them. */
const migrateBefore = (until: number) => async (db: Db) => {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations.slice(0, until), internals.session, {
    migrationsFolder: MIGRATIONS_DIR,
  });
};
const migrateBeforeChain = migrateBefore(chainStarts);

const OLD_ROWS = `insert into audit_log (admin_id, admin_username, action, entity, entity_id, before, after, created_at) values
  (1, 'admin', 'auth.login.success', 'admin', '1', null, '{"ip": "127.0.0.1"}', '2024-05-01 10:00:00+00'),
  (1, 'admin', 'user.balances.update', 'user', '7000000001', '{"starsBalance": 1}', '{"starsBalance": 2}', '2024-05-01 09:00:00.5+00'),
  (null, null, 'auth.login.failure', 'admin', null, null, '{"identifier": "nobody"}', '2024-05-02 00:00:00+00'),
  (2, 'admin2fa', 'task.delete', 'task', '9', '{"id": 9}', null, '2024-04-30 23:59:59.999999+00')`;

describe('the migration of a database that already holds audit rows', () => {
  it('seals them in id order into one chain that verifies, and runs again without change', async () => {
    expect(chainStarts).toBeGreaterThan(0);
    const handle = await createTestDb(migrateBeforeChain);
    try {
      const { db } = handle;
      await db.execute(sql.raw(OLD_ROWS));
      await migrateDb(db);
      const rows = await expectWholeChain(db);
      expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
      expect(await verifyAuditChain(db)).toMatchObject({
        valid: true,
        checked: 4,
        head: { seq: 4, hash: rows[3]!.hash },
      });

      for (const migration of hashDefinitions)
        for (const statement of migration.sql) await db.execute(sql.raw(statement));
      expect(await expectWholeChain(db)).toEqual(rows);
      expect(await refusal(() => db.execute(sql`update audit_log set action = 'x' where id = 1`))).toBe(
        'audit_log is append-only: UPDATE is refused',
      );
      await db.insert(auditLog).values({ adminId: null, action: 'test.after-migration', entity: 'audit' });
      expect((await expectWholeChain(db)).at(-1)).toMatchObject({
        id: 5,
        chain_seq: 5,
        prev_hash: rows[3]!.hash,
      });
    } finally {
      await handle.close();
    }
  });
});

describe('the migration that adds the console version', () => {
  it('leaves every sealed row and the head as they were, still verifying; new rows chain on with their version', async () => {
    expect(consoleVersionStarts).toBeGreaterThan(chainStarts);
    expect(hashDefinitions).toHaveLength(2);
    const handle = await createTestDb(migrateBefore(consoleVersionStarts));
    try {
      const { db } = handle;
      await db.execute(sql.raw(OLD_ROWS));
      const sealed = await expectWholeChain(db);
      const head = await headOf(db);
      await migrateDb(db);
      expect(await expectWholeChain(db)).toEqual(sealed);
      expect(await headOf(db)).toEqual(head);
      expect(await verifyAuditChain(db)).toMatchObject({
        valid: true,
        checked: 4,
        head: { seq: 4, hash: head.hash },
      });

      await db.insert(auditLog).values([
        {
          adminId: 1,
          adminUsername: 'admin',
          action: 'test.with-version',
          entity: 'audit',
          consoleVersion: 'shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b',
        },
        { adminId: 1, adminUsername: 'admin', action: 'test.without-version', entity: 'audit' },
      ]);
      const rows = await expectWholeChain(db);
      expect(rows.slice(0, 4)).toEqual(sealed);
      expect(rows[4]).toMatchObject({ chain_seq: 5, prev_hash: head.hash });
      expect(await verifyAuditChain(db)).toMatchObject({ valid: true, checked: 6 });
    } finally {
      await handle.close();
    }
  });
});

/* The copy command reads its source with psql from a PostgreSQL server. */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'a PGlite copy of a PostgreSQL database (pglite-from-pg-cli)',
  () => {
    it('carries the audit rows and the head as they are: the copy verifies, and the next row chains on', async () => {
      const source = await outsideDatabase();
      const dir = join(mkdtempSync(join(tmpdir(), 'audit-copy-')), 'pglite');
      try {
        const from = await source.open();
        try {
          await migrateDb(from.db);
          await from.db.execute(sql.raw(OLD_ROWS));
          await from.db.transaction(async (tx) => {
            for (let i = 0; i < 3; i++)
              await tx.insert(auditLog).values({
                adminId: 1,
                adminUsername: 'admin',
                action: `test.copy-${i}`,
                entity: 'audit',
                before: { n: i },
                reason: 'ünïcode, "quotes"\nand a new line',
              });
          });
        } finally {
          await from.close();
        }
        const copy = run('pnpm', ['exec', 'tsx', 'src/db/pglite-from-pg-cli.ts'], {
          ...process.env,
          DATABASE_URL: source.env.DATABASE_URL,
          PGLITE_DIR: dir,
        });
        expect(await copy.exit, copy.output()).toBe(0);

        const to = await createDb({ pgliteDir: dir });
        try {
          const rows = await expectWholeChain(to.db);
          expect(rows).toHaveLength(7);
          expect(await verifyAuditChain(to.db)).toMatchObject({ valid: true, checked: 7 });
          const head = await headOf(to.db);
          await to.db.insert(auditLog).values({ adminId: null, action: 'test.after-copy', entity: 'audit' });
          expect((await chain(to.db)).at(-1)).toMatchObject({ id: 8, chain_seq: 8, prev_hash: head.hash });
          expect((await verifyAuditChain(to.db)).valid).toBe(true);
        } finally {
          await to.close();
        }
      } finally {
        rmSync(dirname(dir), { recursive: true, force: true });
        await source.drop();
      }
      // A fresh PGlite folder, its migrations and a psql call per table: about half a minute
      // alone, over three minutes in CI beside the end-to-end suite on two cores.
    }, 600_000);
  },
);
