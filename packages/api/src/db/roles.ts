import { sql } from 'drizzle-orm';
import { JOBS_SCHEMA } from '../jobs/queue';
import { createDb, executeRows, type Db } from './client';

/**
 * The API's two PostgreSQL roles (docs/security.md, Database roles; docs/decisions/0017): the
 * owner of the schema, which migrates (MIGRATION_DATABASE_URL), and the runtime role the API
 * serves as (DATABASE_URL), which may only read and write rows. Ownership is what allows DDL,
 * `ALTER TABLE ... DISABLE TRIGGER` and replacing a trigger's function, so the runtime role
 * owns nothing; `session_replication_role` (triggers off) is a superuser's setting.
 */

/** The append-only audit tables: the runtime role inserts and reads audit rows, and reads the head. */
const AUDIT_LOG = 'audit_log';
const AUDIT_HEAD = 'audit_chain_head';
/** drizzle's record of applied migrations, read at start to tell a current schema (migrate.ts). */
const MIGRATIONS_SCHEMA = 'drizzle';

/** The role a connection string signs in as (its user, PGUSER or the OS user, as libpq decides). */
export async function roleOfUrl(databaseUrl: string): Promise<string> {
  const handle = await createDb({ databaseUrl });
  try {
    const [row] = await executeRows<{ role: string }>(handle.db, sql`select current_user as role`);
    return row!.role;
  } finally {
    await handle.close();
  }
}

/**
 * Gives `role` what the API needs at run time, and takes back anything else it was granted on
 * the app's tables: SELECT, INSERT, UPDATE and DELETE on the app's tables (the schema of
 * `audit_log`) and pg-boss's; on `audit_log` SELECT and INSERT only (the sealing, which writes
 * the chain columns, runs as the owner: migration audit_seal_definer), on `audit_chain_head`
 * SELECT only; USAGE of the sequences; SELECT on drizzle's migration journal. No TRUNCATE,
 * REFERENCES or TRIGGER anywhere, no CREATE on any schema. Run by the owner after every
 * migration (prepare.ts), so a table added later is granted with it; no default privileges,
 * so a table nobody granted stays closed. One transaction: the role never holds half of it.
 */
export async function grantRuntimeRole(db: Db, role: string): Promise<void> {
  const [where] = await executeRows<{ schema: string }>(
    db,
    sql`select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = ${AUDIT_LOG}::regclass`,
  );
  const app = sql.identifier(where!.schema);
  const jobs = sql.identifier(JOBS_SCHEMA);
  const journal = sql.identifier(MIGRATIONS_SCHEMA);
  const to = sql.identifier(role);
  const log = sql`${app}.${sql.identifier(AUDIT_LOG)}`;
  const head = sql`${app}.${sql.identifier(AUDIT_HEAD)}`;
  await db.transaction(async (tx) => {
    for (const statement of [
      sql`grant usage on schema ${app}, ${jobs}, ${journal} to ${to}`,
      sql`revoke all on all tables in schema ${app}, ${jobs}, ${journal} from ${to}`,
      sql`revoke all on all sequences in schema ${app}, ${jobs} from ${to}`,
      sql`grant select, insert, update, delete on all tables in schema ${app}, ${jobs} to ${to}`,
      sql`revoke update, delete on ${log} from ${to}`,
      sql`revoke insert, update, delete on ${head} from ${to}`,
      sql`grant usage on all sequences in schema ${app}, ${jobs} to ${to}`,
      sql`grant select on ${journal}.__drizzle_migrations to ${to}`,
    ]) {
      await tx.execute(statement);
    }
  });
}

interface RoleFacts {
  role: string;
  superuser: boolean;
  bypass_rls: boolean;
  create_role: boolean;
  database_owner: boolean;
  create_in_database: boolean;
  schemas: string[] | null;
  owned: string[] | null;
  audit_log: boolean;
  audit_head: boolean;
  replication_role: boolean;
}

/**
 * Why the connection's role is more than a runtime role, one reason a line; empty when it may
 * only read and write rows. Read from the catalogs, nothing is tried: a role is refused when it
 * is a superuser, bypasses row security, may create roles (and so grant itself the owner's), owns
 * the database or is a member of a role that owns it, may create schemas, owns or may create
 * objects in the app's schemas, owns (or is a member of the owner of) a table, sequence or
 * function there, may change or empty the audit tables, or may set `session_replication_role`.
 */
export async function runtimeRoleProblems(db: Db): Promise<string[]> {
  // The app's schema is audit_log's; before the first migration, the connection's own.
  const schemas = sql`(select n.oid from pg_namespace n where n.nspname in (${JOBS_SCHEMA}, ${MIGRATIONS_SCHEMA})
    or n.oid = coalesce((select c.relnamespace from pg_class c where c.oid = to_regclass(${AUDIT_LOG})), to_regnamespace(current_schema())))`;
  // Before PostgreSQL 15 only a superuser may set it; from 15 it can be granted (GRANT SET ON PARAMETER).
  const [version] = await executeRows<{ n: number }>(
    db,
    sql`select current_setting('server_version_num')::int as n`,
  );
  const replicationRole =
    version!.n >= 150_000 ? sql`has_parameter_privilege('session_replication_role', 'SET')` : sql`r.rolsuper`;
  const [facts] = await executeRows<RoleFacts>(
    db,
    sql`select r.rolname as role, r.rolsuper as superuser, r.rolbypassrls as bypass_rls, r.rolcreaterole as create_role,
      pg_has_role(d.datdba, 'MEMBER') as database_owner,
      has_database_privilege(d.oid, 'CREATE') as create_in_database,
      (select array_agg(n.nspname::text order by n.nspname) from pg_namespace n
        where n.oid in ${schemas} and (pg_has_role(n.nspowner, 'MEMBER') or has_schema_privilege(n.oid, 'CREATE'))) as schemas,
      (select array_agg(o.name order by o.name) from (
        select c.relname::text as name from pg_class c where c.relnamespace in ${schemas} and pg_has_role(c.relowner, 'MEMBER')
        union all
        select p.proname::text || '()' from pg_proc p where p.pronamespace in ${schemas} and pg_has_role(p.proowner, 'MEMBER')
      ) o) as owned,
      coalesce(has_table_privilege(to_regclass(${AUDIT_LOG}), 'UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES'), false) as audit_log,
      coalesce(has_table_privilege(to_regclass(${AUDIT_HEAD}), 'INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES'), false) as audit_head,
      ${replicationRole} as replication_role
    from pg_roles r, pg_database d
    where r.rolname = current_user and d.datname = current_database()`,
  );
  if (!facts) return ['the connection has no role'];
  const problems: string[] = [];
  if (facts.superuser) problems.push('is a superuser');
  if (facts.bypass_rls) problems.push('bypasses row security (BYPASSRLS)');
  if (facts.create_role) problems.push('may create roles (CREATEROLE), and so grant itself the owner');
  if (facts.database_owner) problems.push('owns the database, or is a member of its owner');
  if (facts.create_in_database) problems.push('may create schemas in the database (CREATE on it)');
  if (facts.schemas?.length)
    problems.push(`owns or may create objects in schema ${facts.schemas.join(', ')}`);
  if (facts.owned?.length) {
    const shown = facts.owned.slice(0, 8).join(', ');
    problems.push(
      `owns ${shown}${facts.owned.length > 8 ? ` and ${facts.owned.length - 8} more` : ''} (or is a member of their owner)`,
    );
  }
  if (facts.audit_log) problems.push(`may update, delete, truncate or add triggers to ${AUDIT_LOG}`);
  if (facts.audit_head) problems.push(`may write to ${AUDIT_HEAD}`);
  if (facts.replication_role && !facts.superuser)
    problems.push('may set session_replication_role (turns triggers off)');
  return problems;
}
