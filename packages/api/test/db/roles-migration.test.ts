import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { executeRows, type Db } from '../../src/db/client';
import { migrateDb, MIGRATIONS_DIR } from '../../src/db/migrate';
import { adminRoleMembers, adminRoles, admins } from '../../src/db/schema/index';
import { createTestDb } from '../support/helper';

/* A database deployed before roles: after the migration every admin it had is an Owner. */
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
const rolesStart = migrations.findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE "admin_roles"')));

const migrateBeforeRoles = async (db: Db) => {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations.slice(0, rolesStart), internals.session, {
    migrationsFolder: MIGRATIONS_DIR,
  });
};

describe('the roles migration', () => {
  it(
    'seeds the built-in roles and makes every existing admin an Owner, and only those',
    { timeout: 300_000 },
    async () => {
      expect(rolesStart).toBeGreaterThan(0);
      const handle = await createTestDb(migrateBeforeRoles);
      try {
        const { db } = handle;
        // Plain SQL: the schema of today has columns (status) that a database before roles lacks.
        const before = await executeRows<{ id: number }>(
          db,
          sql`insert into admins (username, password_hash) values ('first', 'x'), ('second', 'y') returning id`,
        );
        await migrateDb(db);
        const members = await db.select().from(adminRoleMembers).orderBy(adminRoleMembers.adminId);
        expect(members.map((m) => [m.adminId, m.roleId])).toEqual(before.map((a) => [a.id, 'owner']));
        const roles = await db.select().from(adminRoles).orderBy(adminRoles.id);
        expect(roles.map((r) => [r.id, r.name, r.builtIn, r.permissions])).toEqual([
          ['auditor', 'Auditor', true, []],
          ['content', 'Content', true, []],
          ['finance', 'Finance', true, []],
          ['owner', 'Owner', true, []],
          ['support', 'Support', true, []],
        ]);
        // An admin added later holds what they are given, nothing by default.
        const [later] = await db.insert(admins).values({ username: 'later', passwordHash: 'z' }).returning();
        expect(
          await db
            .select()
            .from(adminRoleMembers)
            .where(sql`${adminRoleMembers.adminId} = ${later!.id}`),
        ).toEqual([]);
      } finally {
        await handle.close();
      }
    },
  );
});
