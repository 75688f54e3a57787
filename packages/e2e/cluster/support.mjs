// Pieces of the cluster suite: its own cluster (ports and database apart from
// `pnpm start:cluster`'s), calls with the API key, sign-in and step-up, and SQL on the
// cluster's database.
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from '@manager/stack/start';
import { startCluster, withUser } from '@manager/stack/cluster';

const apiRequire = createRequire(path.join(ROOT, 'packages/api/package.json'));
const pg = apiRequire('pg');
const argon2 = apiRequire('@node-rs/argon2');

export const API_KEY = process.env.API_KEY ?? 'local-dev-key';
export const ADMIN = { username: 'admin', password: process.env.DEMO_ADMIN_PASSWORD ?? 'admin12345' };

/**
 * 50 above `pnpm start:cluster`'s ports (CLUSTER_PORT_OFFSET), so both run at once; its own
 * database, dropped and made again at each run (migrated and seeded by the first instance).
 */
export const SUITE_OFFSET = Number(
  process.env.CLUSTER_TEST_PORT_OFFSET ?? Number(process.env.CLUSTER_PORT_OFFSET ?? 0) + 50,
);
const SUITE_DATABASE_URL =
  process.env.CLUSTER_TEST_DATABASE_URL ??
  `postgres:///manager_cluster_test_${SUITE_OFFSET}?host=/var/run/postgresql`;

export async function startSuiteCluster() {
  const cluster = await startCluster({
    offset: SUITE_OFFSET,
    databaseUrl: SUITE_DATABASE_URL,
    fresh: true,
    quiet: process.env.CLUSTER_VERBOSE !== '1',
    // A killed instance's job is taken over within seconds: expired after 6 s, looked for every 2 s.
    env: {
      LOG_LEVEL: 'warn',
      SIMULATE_ACTIVITY_MS: '0',
      JOBS_EXPIRE_SECONDS: '6',
      JOBS_MAINTENANCE_SECONDS: '2',
    },
  });
  const db = new pg.Pool({
    connectionString: withUser(SUITE_DATABASE_URL),
    max: 4,
    application_name: 'manager-cluster-suite',
  });
  return {
    ...cluster,
    /** nginx first, then each instance directly. */
    targets: [
      { name: 'nginx', url: cluster.url },
      ...cluster.instances.map((n) => ({ name: n.name, url: n.url })),
    ],
    sql: async (text, values = []) => (await db.query(text, values)).rows,
    /**
     * `statement` run in the place of `role` (the suite's connection is a superuser's, which may
     * take any role's), in a transaction always rolled back: what was allowed changes nothing.
     */
    async asRole(role, statement) {
      const client = await db.connect();
      try {
        await client.query('begin');
        await client.query(`set local role ${client.escapeIdentifier(role)}`);
        await client.query(statement);
      } finally {
        await client.query('rollback').catch(() => {});
        client.release();
      }
    },
    async close() {
      await db.end();
      await cluster.stop();
    },
  };
}

/** One call: `{ status, body }` (the envelope, or the text when it is not JSON). */
export async function call(baseUrl, method, pathAndQuery, { token, json, form } = {}) {
  const headers = { 'x-api-key': API_KEY };
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
  }
  const res = await fetch(`${baseUrl}${pathAndQuery}`, { method, headers, body });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed };
}

/** Signs in (no 2FA) and returns the token pair; `stepUp` also confirms the password for money calls. */
export async function signIn(baseUrl, who = ADMIN, { stepUp = false } = {}) {
  const res = await call(baseUrl, 'POST', '/auth/login', {
    json: { identifier: who.username, password: who.password },
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${who.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const tokens = res.body.data.tokens;
  if (stepUp) {
    const up = await call(baseUrl, 'POST', '/auth/step-up', {
      token: tokens.accessToken,
      json: { method: 'password', password: who.password },
    });
    if (up.status !== 200) throw new Error(`step-up failed: ${up.status} ${JSON.stringify(up.body)}`);
  }
  return tokens;
}

/** An administrator without 2FA made in SQL (the API's argon2id parameters). */
export async function createAdmin(cluster, username, password) {
  const hash = await argon2.hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await cluster.sql('insert into admins (username, email, password_hash) values ($1, $2, $3)', [
    username,
    `${username}@example.com`,
    hash,
  ]);
  return { username, password };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
