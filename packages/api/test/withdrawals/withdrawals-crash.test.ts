import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoAdmins } from '../../src/auth/demo-admins';
import { loadConfig } from '../../src/config';
import { migrateDb } from '../../src/db/migrate';
import { admins, inventories, transferLedger, users, withdrawals } from '../../src/db/schema/index';
import { outsideDatabase, startServer, type ServerProcess } from '../support/processes';
import { giftWithdrawal, rows } from '../support/withdrawals-fixtures';

/**
 * The real server, killed with SIGKILL between the transfer and the decision's last update,
 * then started again: the withdrawal ends Processed once, with one transfer. The reference
 * port's TRANSFER_PORT_DELAY_MS (a slow provider) holds the decision open after the provider
 * recorded the transfer, and its "transfer recorded" log line says when that is.
 */
const API_KEY = 'crash-test-key';
const config = loadConfig({ NODE_ENV: 'test' });
const uploadsDir = mkdtempSync(join(tmpdir(), 'manager-uploads-'));
const running: ServerProcess[] = [];

afterAll(() => {
  rmSync(uploadsDir, { recursive: true, force: true });
});

async function call(api: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      'x-api-key': API_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; message: string; data?: unknown },
  };
}

/** A session of the demo admin, confirmed by password (step-up) so it can decide. */
async function signIn(api: ServerProcess) {
  const { adminUsername: identifier, adminPassword: password } = config.demo;
  const token = (
    (await call(api, 'POST', '/auth/login', { identifier, password })).body.data as {
      tokens: { accessToken: string };
    }
  ).tokens.accessToken;
  const confirmed = await call(api, 'POST', '/auth/step-up', { method: 'password', password }, token);
  if (confirmed.status !== 200) throw new Error(`step-up failed: ${JSON.stringify(confirmed.body)}`);
  return token;
}

async function until(
  what: string,
  api: ServerProcess,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}:\n${api.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an API process killed between transfer and decision', () => {
  it(
    'after a restart the withdrawal is Processed once, with exactly one transfer',
    { timeout: 180_000 },
    async () => {
      const database = await outsideDatabase({ migrated: true });
      try {
        // An existing database (admins and a player): the server seeds nothing into it.
        const setup = await database.open();
        await migrateDb(setup.db);
        await seedDemoAdmins(setup.db, config);
        const { telegramId, gift, withdrawal } = await giftWithdrawal(setup);
        const [admin] = await setup.db
          .select({ id: admins.id })
          .from(admins)
          .where(eq(admins.username, config.demo.adminUsername));
        await setup.close();

        const env = {
          ...database.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'info',
          API_KEY,
          UPLOADS_DIR: uploadsDir,
        };
        const first = await startServer({ ...env, TRANSFER_PORT_DELAY_MS: '60000' });
        running.push(first);
        const token = await signIn(first);
        const decision = call(
          first,
          'POST',
          '/manager/withdrawals/with-transfer',
          { id: withdrawal.id },
          token,
        ).catch((error: unknown) => error);
        await until('the transfer to be recorded', first, () =>
          first
            .output()
            .split('\n')
            .some(
              (line) =>
                line.includes('"transfer recorded"') && line.includes(`"withdrawalId":${withdrawal.id}`),
            ),
        );
        first.kill('SIGKILL');
        expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
        expect(await decision).toBeInstanceOf(Error);

        // What the crash left: the provider moved the gift; the withdrawal is claimed, undecided.
        const between = await database.open();
        expect(await between.db.select().from(transferLedger)).toHaveLength(1);
        const [claimed] = await between.db
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, withdrawal.id));
        expect(claimed).toMatchObject({
          decision: null,
          status: false,
          decidedBy: admin!.id,
          transferKey: `withdrawal-${withdrawal.id}`,
        });
        expect(claimed!.transferClaimedAt).not.toBeNull();
        await between.close();

        // Restarted with a short claim age: the start-up reconciliation settles the claim.
        const second = await startServer({ ...env, WITHDRAWAL_CLAIM_STALE_MS: '1' });
        running.push(second);
        const again = await signIn(second);
        const shown = async () =>
          (
            (await call(second, 'GET', '/manager/withdrawals', undefined, again)).body.data as Array<{
              id: number;
              status: boolean;
            }>
          ).find((w) => w.id === withdrawal.id);
        await until('the withdrawal to be processed', second, async () => (await shown())?.status === true);
        const refused = await call(
          second,
          'POST',
          '/manager/withdrawals/with-transfer',
          { id: withdrawal.id },
          again,
        );
        expect(refused).toMatchObject({
          status: 409,
          body: { message: `Withdrawal ${withdrawal.id} was already decided (with-transfer)` },
        });
        second.kill('SIGTERM');
        expect((await second.exited).code).toBe(0);

        const after = await database.open();
        try {
          const ledger = await after.db.select().from(transferLedger);
          expect(ledger).toEqual([
            expect.objectContaining({
              key: `withdrawal-${withdrawal.id}`,
              withdrawalId: withdrawal.id,
              inventoryId: gift.id,
            }),
          ]);
          const [row] = await after.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
          expect(row).toMatchObject({ decision: 'with-transfer', status: true, decidedBy: admin!.id });
          const [item] = await after.db
            .select({ status: inventories.status })
            .from(inventories)
            .where(eq(inventories.id, gift.id));
          expect(item!.status).toBe('withdrawn');
          const [player] = await after.db
            .select({ ton: users.tonBalance })
            .from(users)
            .where(eq(users.telegramId, telegramId));
          expect(player!.ton).toBe('0.000000000');
          const audit = await rows(
            after,
            sql`select action, admin_id, admin_username, after from audit_log where entity = 'withdrawal' order by id`,
          );
          // The claim (by the admin, before the kill), then the reconciler's settlement after the restart.
          expect(audit).toEqual([
            expect.objectContaining({
              action: 'withdrawal.transfer_claim',
              admin_id: admin!.id,
              admin_username: config.demo.adminUsername,
            }),
            {
              action: 'withdrawal.transfer_reconciled',
              admin_id: null,
              admin_username: 'system:reconcile',
              after: expect.objectContaining({ decision: 'with-transfer', transfer: ledger[0]!.reference }),
            },
          ]);
        } finally {
          await after.close();
        }
      } finally {
        for (const api of running.splice(0)) {
          api.kill('SIGKILL');
          await api.exited;
        }
        await database.drop();
      }
    },
  );
});
