import { randomBytes } from 'node:crypto';
import { withDefaultUser, type Db } from '../../src/db/client';
import { grantRuntimeRole } from '../../src/db/roles';

export interface LoginRole {
  role: string;
  /** The role's connection string to `databaseUrl`'s database, over TCP on loopback with its password. */
  urlOf(databaseUrl: string): string;
  /** Drops the role; the databases it was granted rights in must be gone first. */
  drop(): Promise<void>;
}

/**
 * A login role of its own on the `serverUrl` server (TEST_DATABASE_URL), with nothing granted
 * and no attribute (no superuser, CREATEDB, CREATEROLE, BYPASSRLS). It signs in with a random
 * password over 127.0.0.1: the server's socket signs local users in by their OS name (Debian's
 * pg_hba.conf: peer), loopback TCP by password (scram-sha-256). Creating it needs a role with
 * CREATEROLE, as CI's superuser.
 */
export async function createLoginRole(serverUrl: string): Promise<LoginRole> {
  const { default: pg } = await import('pg');
  const role = `manager_app_${randomBytes(5).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const onServer = async (statement: (client: InstanceType<typeof pg.Client>) => string) => {
    const client = new pg.Client({ connectionString: withDefaultUser(serverUrl) });
    await client.connect();
    try {
      await client.query(statement(client));
    } finally {
      await client.end();
    }
  };
  await onServer((client) => `create role ${role} login password ${client.escapeLiteral(password)}`);
  return {
    role,
    urlOf: (databaseUrl) => loopbackUrl(databaseUrl, role, password),
    drop: () => onServer(() => `drop role if exists ${role}`),
  };
}

/**
 * A login role granted on `ownerDb` (the database of `databaseUrl`) what the API's runtime role
 * gets from the migration step (grantRuntimeRole), and nothing else. The role is made and
 * dropped through TEST_DATABASE_URL's database, which outlives the test's.
 */
export async function createRuntimeRole(
  ownerDb: Db,
  databaseUrl: string,
): Promise<LoginRole & { url: string }> {
  const login = await createLoginRole(process.env.TEST_DATABASE_URL ?? databaseUrl);
  await grantRuntimeRole(ownerDb, login.role);
  return { ...login, url: login.urlOf(databaseUrl) };
}

/** `databaseUrl`'s server and database as `role`, over TCP: a socket directory becomes 127.0.0.1. */
export function loopbackUrl(databaseUrl: string, role: string, password: string): string {
  const from = new URL(databaseUrl);
  const named = from.searchParams.get('host');
  const host = named && !named.startsWith('/') ? named : from.hostname || '127.0.0.1';
  const port = from.port || from.searchParams.get('port') || process.env.PGPORT || '5432';
  const url = new URL(`postgres://${host}:${port}${from.pathname}`);
  url.username = role;
  url.password = password;
  return url.toString();
}
