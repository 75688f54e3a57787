// `pnpm test:cluster`: three API instances over one PostgreSQL database behind nginx
// (@manager/stack, cluster.ts), on ports and a database of the suite's own. Each test sends its
// calls to different instances, directly and through nginx: what one instance decided must
// hold on every other, because every instance keeps it in the database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN, call, createAdmin, signIn, sleep, startSuiteCluster } from './support.mjs';

/** @type {Awaited<ReturnType<typeof startSuiteCluster>>} */
let cluster;
before(
  async () => {
    cluster = await startSuiteCluster();
  },
  { timeout: 240_000 },
);
after(async () => {
  await cluster?.close();
});

/** The i-th target in turn: nginx, api-1, api-2, api-3, nginx, ... */
const target = (i) => cluster.targets[i % cluster.targets.length];

describe('the cluster', { timeout: 120_000 }, () => {
  it('every instance connects as a role that may not switch the audit triggers off or change the schema', async () => {
    // Each instance answers once, so each holds a connection.
    for (const t of cluster.targets) assert.equal((await fetch(`${t.url}/health`)).status, 200, t.name);
    const roles = await cluster.sql(
      `select distinct a.usename as role, r.rolsuper as superuser, pg_has_role(a.usename, c.relowner, 'MEMBER') as owner
         from pg_stat_activity a join pg_roles r on r.rolname = a.usename, pg_class c
        where a.datname = current_database() and a.application_name like 'manager-api-%' and c.oid = 'audit_log'::regclass`,
    );
    assert.equal(roles.length, 1, JSON.stringify(roles));
    assert.deepEqual(roles[0], { role: roles[0].role, superuser: false, owner: false });
    for (const statement of [
      'alter table audit_log disable trigger all',
      'set session_replication_role = replica',
      'update audit_log set reason = null',
      'delete from audit_log',
      'truncate audit_log',
      'drop table audit_log',
      'create table intruder (id int)',
    ]) {
      await assert.rejects(cluster.asRole(roles[0].role, statement), { code: '42501' }, statement);
    }
  });

  it('a sign-in lock counts the failures sent to every instance, and holds on all of them', async () => {
    const who = await createAdmin(cluster, 'cluster-lock', 'right-password-1');
    // LOGIN_MAX_PER_ACCOUNT_IP (10) wrong passwords from one address, spread over the four targets.
    for (let i = 0; i < 10; i++) {
      const res = await call(target(i).url, 'POST', '/auth/login', {
        json: { identifier: who.username, password: `wrong-${i}` },
      });
      assert.equal(res.status, 401, `attempt ${i} on ${target(i).name}`);
    }
    // No instance saw more than three of them: only the shared count locks the pair.
    for (const t of cluster.targets) {
      const res = await call(t.url, 'POST', '/auth/login', {
        json: { identifier: who.username, password: who.password },
      });
      assert.equal(res.status, 401, `the right password is refused on ${t.name}`);
    }
    const [lock] = await cluster.sql(
      `select count(*) filter (where reason = 'wrong_password')::int as wrong, count(*) filter (where reason = 'locked')::int as locked
         from audit_log where action = 'auth.login.failure' and admin_id = (select id from admins where username = $1)`,
      [who.username],
    );
    assert.deepEqual(lock, { wrong: 10, locked: cluster.targets.length });
  });

  it('a refresh token replayed on another instance is refused and ends its whole family', async () => {
    const first = await signIn(cluster.url);
    const [a, b, c] = cluster.instances;
    const rotated = await call(a.url, 'POST', '/auth/refresh-token', {
      json: { refreshToken: first.refreshToken },
    });
    assert.equal(rotated.status, 200);
    const next = rotated.body.data.tokens;
    assert.equal((await call(c.url, 'GET', '/auth/sessions', { token: next.accessToken })).status, 200);

    // The old token again, on another instance: a replay.
    const replay = await call(b.url, 'POST', '/auth/refresh-token', {
      json: { refreshToken: first.refreshToken },
    });
    assert.equal(replay.status, 401);
    // The family is revoked: the rotated refresh token and its access token are refused everywhere.
    assert.equal(
      (await call(c.url, 'POST', '/auth/refresh-token', { json: { refreshToken: next.refreshToken } }))
        .status,
      401,
    );
    for (const t of cluster.targets) {
      assert.equal(
        (await call(t.url, 'GET', '/auth/sessions', { token: next.accessToken })).status,
        401,
        t.name,
      );
    }
  });

  it('twenty simultaneous decisions on one withdrawal across the instances: one success, nineteen 409', async () => {
    const { accessToken } = await signIn(cluster.url, ADMIN, { stepUp: true });
    const [{ id: telegramId }] = await cluster.sql(
      `insert into users (telegram_id, username) values (7900000001, 'cluster-payee') returning telegram_id as id`,
    );
    const [gift] = await cluster.sql(
      `insert into inventories (telegram_id, name, base_name, price, status) values ($1, 'PlushPepe-1', 'PlushPepe', '2.5', 'withdrawing') returning id`,
      [telegramId],
    );
    const [withdrawal] = await cluster.sql(
      `insert into withdrawals (telegram_id, currency, price, inventory_id) values ($1, 'NFT', '2.5', $2) returning id`,
      [telegramId, gift.id],
    );
    const actions = ['with-transfer', 'without-transfer', 'reject'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(target(i).url, 'POST', `/manager/withdrawals/${actions[i % 3]}`, {
          token: accessToken,
          json: { id: withdrawal.id },
        }),
      ),
    );
    const codes = answers.map((a) => a.status);
    assert.equal(codes.filter((c) => c === 200).length, 1, codes.join(','));
    assert.equal(codes.filter((c) => c === 409).length, 19, codes.join(','));
    for (const refused of answers.filter((a) => a.status === 409))
      assert.match(refused.body.message, /already decided|being processed/);

    const [row] = await cluster.sql('select decision from withdrawals where id = $1', [withdrawal.id]);
    const [{ n: decisions }] = await cluster.sql(
      `select count(*)::int as n from audit_log where entity = 'withdrawal' and entity_id = $1 and action like 'withdrawal.%' and action <> 'withdrawal.transfer_claim'`,
      [String(withdrawal.id)],
    );
    assert.equal(decisions, 1);
    const [{ n: transfers }] = await cluster.sql(
      'select count(*)::int as n from transfer_ledger where withdrawal_id = $1',
      [withdrawal.id],
    );
    assert.equal(transfers, row.decision === 'with-transfer' ? 1 : 0);
  });

  it('a session ended on one instance is refused by every instance', async () => {
    const ended = await signIn(cluster.url);
    const other = await signIn(cluster.url);
    for (const t of cluster.targets)
      assert.equal(
        (await call(t.url, 'GET', '/auth/sessions', { token: ended.accessToken })).status,
        200,
        t.name,
      );

    // Another session of the same admin ends it (Settings > Sessions), on api-2.
    const sessions = (
      await call(cluster.instances[1].url, 'GET', '/auth/sessions', { token: other.accessToken })
    ).body.data.sessions;
    assert.ok(
      sessions.some((s) => s.id === sessionOf(ended.accessToken) && !s.current),
      JSON.stringify(sessions),
    );
    const end = await call(
      cluster.instances[1].url,
      'DELETE',
      `/auth/sessions/${sessionOf(ended.accessToken)}`,
      { token: other.accessToken },
    );
    assert.equal(end.status, 200, JSON.stringify(end.body));

    for (const t of cluster.targets)
      assert.equal(
        (await call(t.url, 'GET', '/auth/sessions', { token: ended.accessToken })).status,
        401,
        t.name,
      );
    assert.equal(
      (
        await call(cluster.instances[2].url, 'POST', '/auth/refresh-token', {
          json: { refreshToken: ended.refreshToken },
        })
      ).status,
      401,
    );
    // The session that ended it goes on, on every instance.
    for (const t of cluster.targets)
      assert.equal(
        (await call(t.url, 'GET', '/auth/sessions', { token: other.accessToken })).status,
        200,
        t.name,
      );
  });
});

/** The session an access token belongs to (its `fid` claim: the refresh-token family). */
function sessionOf(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).fid;
}

// Last: it kills an instance.
describe('background work', { timeout: 300_000 }, () => {
  const PLAYERS = 10_000;
  const deadlineMs = Number(process.env.CLUSTER_MAILING_TIMEOUT_MS ?? 150_000);

  it('a mailing to 10,000 players is delivered exactly once while the instance delivering it is killed (SIGKILL)', async () => {
    // The seed has fewer players: the rest in SQL.
    await cluster.sql(
      `insert into users (telegram_id, username)
       select 7800000000 + g, 'cluster-player-' || g from generate_series(1, greatest(0, $1 - (select count(*) from users))) g`,
      [PLAYERS],
    );
    const [{ n: players }] = await cluster.sql('select count(*)::int as n from users');
    assert.ok(players >= PLAYERS);

    // Starting a mailing needs a step-up: the session confirms the password at sign-in.
    const { accessToken: token } = await signIn(cluster.url, ADMIN, { stepUp: true });
    const created = await call(cluster.url, 'POST', '/manager/mailing', {
      token,
      form: { message: 'Season two starts today', buttonText: 'Play', buttonLink: 'https://t.me/bot/app' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.data.id;
    const delivered = async () =>
      (await cluster.sql('select count(*)::int as n from mailing_deliveries where mailing_id = $1', [id]))[0]
        .n;
    const started = await call(cluster.url, 'PUT', `/manager/mailing/${id}/status`, {
      token,
      json: { status: 'running' },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));

    // The instance whose connections write the deliveries (each names itself: PGAPPNAME).
    let victim = null;
    let atKill = 0;
    const until = Date.now() + 30_000;
    while (!victim && Date.now() < until) {
      const n = await delivered();
      assert.ok(n < players, 'the delivery ended before an instance could be killed in its middle');
      if (n > 0) {
        const workers = await cluster.sql(
          `select distinct application_name as name from pg_stat_activity
            where datname = current_database() and application_name like 'manager-api-%' and query ilike '%mailing_deliveries%'`,
        );
        victim =
          cluster.instances.find((node) => workers.some((w) => w.name === `manager-${node.name}`)) ?? null;
        if (victim) {
          await victim.kill();
          atKill = await delivered();
        }
      }
      if (!victim) await sleep(20);
    }
    assert.ok(victim, 'no instance was seen delivering the mailing within 30 s');
    assert.ok(atKill < players, `${atKill} of ${players} delivered when ${victim.name} was killed`);

    // nginx sends every call to the instances still up.
    for (let i = 0; i < 6; i++)
      assert.equal((await call(cluster.url, 'GET', '/manager/mailing', { token })).status, 200);

    // Another instance takes the job over and finishes it.
    const mailing = async () =>
      (await call(cluster.url, 'GET', '/manager/mailing', { token })).body.data.mailings.find(
        (m) => m.id === id,
      );
    const end = Date.now() + deadlineMs;
    while ((await mailing()).status !== 'done' && Date.now() < end) await sleep(500);
    const done = await mailing();
    assert.equal(
      done.status,
      'done',
      `still ${done.status} ${deadlineMs} ms after ${victim.name} was killed at ${atKill}/${players}`,
    );

    const [counts] = await cluster.sql(
      `select count(*)::int as rows, count(distinct telegram_id)::int as players,
              (select count(*)::int from users u where not exists
                 (select 1 from mailing_deliveries d where d.mailing_id = $1 and d.telegram_id = u.telegram_id)) as missing
         from mailing_deliveries where mailing_id = $1`,
      [id],
    );
    assert.deepEqual(counts, { rows: players, players, missing: 0 });
    assert.equal(done.recipients, players);
    assert.equal(done.delivered, players);
    assert.equal(done.failed, 0);

    // Started again, the killed instance delivers nothing twice.
    await victim.start();
    await sleep(2000);
    assert.equal(await delivered(), players);
  });
});
