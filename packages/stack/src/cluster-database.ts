// The cluster's database on its PostgreSQL server: created when missing, and the runtime role
// its instances connect as (docs/security.md, Database roles).
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A connection string naming the OS user when it names none (the local server's peer sign-in). */
export function withUser(url: string): string {
  const u = new URL(url);
  if (!u.username && !u.searchParams.has('user') && !process.env.PGUSER)
    u.searchParams.set('user', os.userInfo().username);
  return u.toString();
}

/** Creates the database of `url` on its server when missing (`fresh`: dropped first). */
export async function ensureDatabase(url: string, { fresh = false } = {}): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${JSON.stringify(name)}`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: withUser(server.toString()) });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * The runtime role of `url`'s database: `<database>_app` (one per database, so the suite and
 * `pnpm start:cluster` never share one), created when missing, with no attribute (no superuser,
 * CREATEDB, CREATEROLE, BYPASSRLS) and a new random password at each start. Returns its
 * connection string: TCP, as the server's socket signs local users in by their OS name (Debian's
 * pg_hba.conf: peer) while loopback TCP takes a password (scram-sha-256); a socket directory
 * becomes 127.0.0.1. Needs `url`'s role to hold CREATEROLE (a superuser, as CI's `root`).
 */
export async function ensureRuntimeRole(url: string): Promise<{ role: string; url: string }> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const role = `${name}_app`;
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`unexpected role name ${JSON.stringify(role)}`);
  const password = randomBytes(18).toString('base64url');
  const client = new pg.Client({ connectionString: withUser(url) });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    const attributes = `login nosuperuser nocreatedb nocreaterole nobypassrls password ${client.escapeLiteral(password)}`;
    await client.query(`${rowCount ? 'alter' : 'create'} role ${role} ${attributes}`);
  } finally {
    await client.end();
  }
  const named = target.searchParams.get('host');
  const host = named && !named.startsWith('/') ? named : target.hostname || '127.0.0.1';
  const port = target.port || target.searchParams.get('port') || process.env.PGPORT || '5432';
  const appUrl = new URL(`postgres://${host}:${port}/${name}`);
  appUrl.username = role;
  appUrl.password = password;
  return { role, url: appUrl.toString() };
}
