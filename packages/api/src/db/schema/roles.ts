import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './auth';

/**
 * Roles (docs/security.md, Roles and permissions). A built-in role's row only names it: its
 * permissions are the contract's (`BUILT_IN_ROLES`), so a new permission reaches Owner without
 * a migration. A custom role keeps its permission list (catalogue names) here.
 */
export const adminRoles = pgTable('admin_roles', {
  /** `owner`, `finance`, ... for the built-in roles; any other id for a custom one. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  permissions: text('permissions').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which roles each admin holds; their rights are the union. Read with every session check. */
export const adminRoleMembers = pgTable(
  'admin_role_members',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => adminRoles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] }), index('admin_role_members_role_idx').on(t.roleId)],
);

/**
 * One row per admin, permission and UTC minute in which a call was refused for lack of it:
 * the refusal's audit row is written only by the request that inserted it, so every API
 * instance together writes at most one a minute (plugins/permissions.ts).
 */
export const permissionRefusals = pgTable(
  'permission_refusals',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.permission, t.minute] })],
);
