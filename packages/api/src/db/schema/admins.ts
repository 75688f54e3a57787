import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './auth';

/**
 * Enrolment links (docs/security.md, Administrators and four eyes): one per invited admin,
 * stored as the sha256 of its token, valid until `expiresAt` and used once. The TOTP secret
 * the enrolment page shows is kept here until the admin confirms it with a code.
 */
export const adminInvites = pgTable(
  'admin_invites',
  {
    adminId: integer('admin_id')
      .primaryKey()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    totpSecret: text('totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_invites_token_uq').on(t.tokenHash)],
);

/**
 * Four-eyes requests: a grant of roles, enabling an admin, resetting their second factor. A
 * second admin decides each once (`status` moves from `pending` in one guarded UPDATE).
 */
export const adminRequests = pgTable(
  'admin_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['grant', 'enable', 'reset-second-factor'] }).notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The role ids a grant gives; empty for the other kinds. */
    roles: text('roles').array().notNull().default([]),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => admins.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by').references(() => admins.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('admin_requests_status_idx').on(t.status, t.id),
    index('admin_requests_admin_idx').on(t.adminId),
  ],
);
