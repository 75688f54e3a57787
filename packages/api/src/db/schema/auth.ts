import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Console administrators. Passwords are argon2id hashes; the TOTP secret is base32. */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    /** Null while invited: the admin sets it at enrolment, never the inviter. */
    passwordHash: text('password_hash'),
    /**
     * `active`; `disabled` (no sign-in, sessions ended); `invited` (no password yet: enrols
     * through its link, src/auth/admins/enrolment-routes.ts). Only an active admin signs in.
     */
    status: text('status', { enum: ['active', 'disabled', 'invited'] })
      .notNull()
      .default('active'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    totpSecret: text('totp_secret'),
    /** Secret handed out by GET /auth/2fa/setup, active only once POST /auth/2fa/enable proves it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** Last accepted TOTP time step: a code of this step or an earlier one is never accepted again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The account-wide sign-in throttle, from every address together: password and code checks
     * of the window that started at failedWindowStart (the failed ones, and those still running),
     * and the lock that overran it (src/auth/throttle-repository.ts).
     */
    failedLogins: integer('failed_logins').notNull().default(0),
    failedWindowStart: timestamp('failed_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('admins_email_lower_uq').on(sql`lower(${t.email})`),
  ],
);

/** Opaque refresh tokens (sha256 stored), rotated on use; a replay revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * One row per sign-in (the id is its refresh-token family). The bearer guard reads it on every
 * request: a session is open while it has not ended, was active within the idle timeout and
 * began within the absolute lifetime (src/auth/session-repository.ts). `lastActiveAt` moves at
 * most once a minute, and never for background requests or token refreshes.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended (SessionEndReason): logout, signed_out, two_factor, token_reuse, idle, lifetime, disabled. */
    endReason: text('end_reason'),
    /**
     * When the admin last confirmed their second factor (or password) in this session: money may
     * move until stepUpWindowMs after it (src/auth/step-up-repository.ts). Null after sign-in.
     */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/**
 * The step between a correct password and a session: a second factor to verify, or (when
 * two-factor is required) an authenticator to enrol. The sign-in temp token names its row;
 * opening a session marks it used with a conditional update, so one temp token opens at most
 * one session, even for requests racing.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** 'verify' (a second factor) or 'enrol' (set up two-factor first). */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_admin_idx').on(t.adminId)],
);

/**
 * WebAuthn credentials (passkeys) of an admin, a second factor beside the authenticator app.
 * `credentialId` is the credential's id (base64url), unique across admins; `publicKey` the
 * COSE key (base64url); `counter` the last signature counter (0 for authenticators that keep none).
 */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** AuthenticatorTransport values the browser reported at registration (hints for sign-in). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_passkeys_credential_uq').on(t.credentialId),
    index('admin_passkeys_admin_idx').on(t.adminId),
  ],
);

/**
 * The challenge of a passkey ceremony in progress: registration or a step-up (bound to the
 * session), or the second factor or enrolment of a sign-in (bound to its sign-in challenge).
 * Used at most once (a conditional update sets usedAt), and only before expiresAt.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** 'register' | 'step_up' | 'sign_in' | 'enrol' */
    purpose: text('purpose').notNull(),
    /** The admin session (register, step_up) or sign-in challenge (sign_in, enrol) it belongs to. */
    ownerId: uuid('owner_id').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('passkey_challenges_owner_idx').on(t.ownerId, t.purpose)],
);

/** Backup codes XXXX-XXXX (argon2id hashes), each usable once; pending ones await 2FA enable. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    pending: boolean('pending').notNull().default(false),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('backup_codes_admin_idx').on(t.adminId)],
);

/**
 * Sign-in throttles per client address (adminId null: any account) and per account and address
 * pair, counted like the admin's own counter (failedLogins): checks of the window that started
 * at windowStart, and the lock that overran it. Rows whose window and lock are over are pruned.
 */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    unique('sign_in_counters_ip_admin_uq').on(t.ip, t.adminId).nullsNotDistinct(),
    index('sign_in_counters_window_idx').on(t.windowStart),
  ],
);

/** Server-generated secrets (the JWT key when JWT_SECRET is unset), kept across restarts. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The audit trail: who changed what (the changed fields before and after), when, from where
 * and why. Append-only and hash-chained (docs/audit.md): rows are never updated or deleted, so
 * they name the admin by id and username without a foreign key (an admin may go, the row stays).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id'),
    adminUsername: text('admin_username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The player the row is about (their balances, their withdrawal, an export of their rows). */
    userTelegramId: bigint('user_telegram_id', { mode: 'number' }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    reason: text('reason'),
    createdAt: createdAt(),
    /** Position in the hash chain, given when the row's transaction commits. */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    /** The hash of the row before it in the chain, and this row's hash over its content and that one. */
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /**
     * The console builds the admin ran (`X-Console-Version`: `shell@0.1.0+ab12cd34 users@...`),
     * null when the call did not say (a script, an older console, a background job). After the
     * chain columns because a column added later goes at the end of the table.
     */
    consoleVersion: text('console_version'),
  },
  (t) => {
    // The log reads newest first (created_at desc, id desc) and pages by that position. Each
    // filter has an index leading with its column and ending in (created_at, id): a page is one
    // backward range read at any depth, a date range included. Ascending columns read backwards
    // give ORDER BY ... DESC exactly; a DESC NULLS LAST index would not, and the planner would
    // sort. Rows without the column never match its filter, hence the partial indexes.
    const newest = () => [t.createdAt, t.id] as const;
    return [
      index('audit_log_created_idx').on(...newest()),
      index('audit_log_admin_idx')
        .on(t.adminId, ...newest())
        .where(sql`${t.adminId} is not null`),
      // "What did this admin approve?": both filters large, their intersection often empty (an
      // admin who never decides withdrawals), which one index alone answers only by reading
      // all of the admin's rows.
      index('audit_log_admin_action_idx')
        .on(t.adminId, t.action, ...newest())
        .where(sql`${t.adminId} is not null`),
      index('audit_log_action_idx').on(t.action, ...newest()),
      index('audit_log_entity_type_idx').on(t.entity, ...newest()),
      index('audit_log_entity_idx').on(t.entity, t.entityId, ...newest()),
      index('audit_log_entity_id_idx')
        .on(t.entityId, ...newest())
        .where(sql`${t.entityId} is not null`),
      index('audit_log_user_idx')
        .on(t.userTelegramId, ...newest())
        .where(sql`${t.userTelegramId} is not null`),
      // The verification walks the chain by position; a position is given once.
      uniqueIndex('audit_log_chain_seq_idx').on(t.chainSeq),
      // Rows outside the chain (written with the triggers off): the verification finds them at once.
      index('audit_log_unsealed_idx')
        .on(t.id)
        .where(sql`${t.chainSeq} is null`),
    ];
  },
);

export type AdminRow = typeof admins.$inferSelect;
export type PasskeyRow = typeof adminPasskeys.$inferSelect;
