import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { admins, mailingDeliveries, mailings, users } from '../../src/db/schema/index';
import type { DeliveryFailure, MailingDelivery, OutgoingMessage } from '../../src/mailing/delivery';
import {
  deliverMailing,
  MAILING_DELIVER_JOB,
  mailingResumeJob,
  sendDelivery,
} from '../../src/mailing/delivery-job';
import { startMailing } from '../../src/mailing/repository';
import { buildTestApp, JOBS_ON, type TestApp } from '../support/helper';
import { rowsOf } from '../support/tasks-helpers';

const PLAYERS = 450;
let t: TestApp;
let adminId: number;
beforeAll(async () => {
  // Expired jobs looked for every second: a dead worker's job is retried within seconds.
  t = await buildTestApp({ ...JOBS_ON, JOBS_MAINTENANCE_SECONDS: '1', JOBS_EXPIRE_SECONDS: '3' });
  adminId = (
    await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, t.demo.admin.username))
  )[0]!.id;
  await t.db
    .insert(users)
    .values(
      Array.from({ length: PLAYERS }, (_, i) => ({ telegramId: 700000000 + i * 7, username: `p${i}` })),
    );
  await t.app.ready();
});
afterAll(() => t.close());

/** A bot that records every message it is handed; `refuse` names players it cannot reach. */
class RecordingBot implements MailingDelivery {
  readonly handed: OutgoingMessage[] = [];
  constructor(
    private readonly options: { refuse?: (telegramId: number) => boolean; crashOnBatch?: number } = {},
  ) {}
  async send(batch: OutgoingMessage[]): Promise<DeliveryFailure[]> {
    // The process dies before the bot is reached: the batch's transaction never commits.
    if (this.options.crashOnBatch !== undefined && this.options.crashOnBatch-- === 0)
      throw new Error('instance killed');
    this.handed.push(...batch);
    return batch
      .filter((m) => this.options.refuse?.(m.telegramId))
      .map((m) => ({ telegramId: m.telegramId, reason: 'bot was blocked by the user' }));
  }
}

const newMailing = async (status: 'waiting' | 'running' = 'running') =>
  (
    await t.db
      .insert(mailings)
      .values({ message: 'Hi', buttonText: 'Go', buttonLink: 'https://t.me/x', status, recipients: PLAYERS })
      .returning()
  )[0]!;
const mailingOf = async (id: number) => (await t.db.select().from(mailings).where(eq(mailings.id, id)))[0]!;
const deliveriesOf = (id: number) =>
  t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.mailingId, id));
const jobsOf = (id: number) =>
  rowsOf(
    t,
    sql`select state from pgboss.job where name = ${MAILING_DELIVER_JOB} and singleton_key = ${String(id)}`,
  ) as Promise<Array<{ state: string }>>;
const run = { budgetMs: 60_000, pauseMs: 0, stopping: () => false };
const once = (messages: OutgoingMessage[]) =>
  new Set(messages.map((m) => m.telegramId)).size === messages.length;

describe('mailing delivery', () => {
  it('goes on after a crash mid-run from the last committed batch: every player once, nobody skipped', async () => {
    const mailing = await newMailing();
    const crashing = new RecordingBot({ crashOnBatch: 1 });
    await expect(deliverMailing(t.db, crashing, mailing.id, { ...run, batch: 100 })).rejects.toThrow(
      'instance killed',
    );
    expect(await mailingOf(mailing.id)).toMatchObject({ status: 'running', delivered: 100, failed: 0 });
    expect(await deliveriesOf(mailing.id)).toHaveLength(100);

    // The retry, and a second job of the same mailing at the same time (another instance).
    const bot = new RecordingBot();
    expect(
      await Promise.all([
        deliverMailing(t.db, bot, mailing.id, { ...run, batch: 100 }),
        deliverMailing(t.db, bot, mailing.id, { ...run, batch: 100 }),
      ]),
    ).toContain('done');
    expect(bot.handed).toHaveLength(PLAYERS - 100);
    expect(once([...crashing.handed, ...bot.handed])).toBe(true);
    expect(await deliveriesOf(mailing.id)).toHaveLength(PLAYERS);
    expect(await mailingOf(mailing.id)).toMatchObject({
      status: 'done',
      recipients: PLAYERS,
      delivered: PLAYERS,
      failed: 0,
    });

    // A job run again after the end finds the mailing done and hands nothing over.
    expect(await deliverMailing(t.db, bot, mailing.id, run)).toBe('gone');
    expect(bot.handed).toHaveLength(PLAYERS - 100);
    const audit = await rowsOf(
      t,
      sql`select count(*)::int as n from audit_log where action = 'mailing.deliver' and entity_id = ${String(mailing.id)}`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('counts the players the bot could not reach as failures, keeps the reason, and ends the run when its time is up', async () => {
    const mailing = await newMailing();
    const bot = new RecordingBot({ refuse: (id) => id % 2 === 0 });
    expect(await deliverMailing(t.db, bot, mailing.id, { ...run, batch: 50, budgetMs: 0 })).toBe('more');
    expect(await mailingOf(mailing.id)).toMatchObject({ status: 'running', delivered: 25, failed: 25 });
    expect(await deliverMailing(t.db, bot, mailing.id, { ...run, batch: 50 })).toBe('done');
    const refused = (await deliveriesOf(mailing.id)).filter((d) => d.error !== null);
    expect(refused).toHaveLength(PLAYERS / 2);
    expect(refused[0]!.error).toBe('bot was blocked by the user');
    expect(await mailingOf(mailing.id)).toMatchObject({
      status: 'done',
      recipients: PLAYERS,
      delivered: PLAYERS / 2,
      failed: PLAYERS / 2,
    });
  });

  it('is enqueued by the transaction that starts the mailing: a rollback takes the job back with it', async () => {
    const mailing = await newMailing('waiting');
    await expect(
      startMailing(t.db, adminId, mailing.id, async (tx) => {
        expect(await sendDelivery(t.app.jobs, mailing.id, tx)).toEqual(expect.any(String));
        throw new Error('the start fails after the job was sent');
      }),
    ).rejects.toThrow('the start fails');
    expect(await mailingOf(mailing.id)).toMatchObject({ status: 'waiting' });
    expect(await jobsOf(mailing.id)).toEqual([]);

    await startMailing(t.db, adminId, mailing.id, (tx) => sendDelivery(t.app.jobs, mailing.id, tx));
    expect((await jobsOf(mailing.id)).length).toBe(1);
    await expect.poll(async () => (await mailingOf(mailing.id)).status, { timeout: 15_000 }).toBe('done');
    expect(await deliveriesOf(mailing.id)).toHaveLength(PLAYERS);
  });

  it('a job taken by an instance that died is retried by a live worker once its expiry passes', async () => {
    const mailing = await newMailing();
    // Taken a minute ago by an instance that never finished it (in one transaction, so no live worker takes it first).
    const id = await t.db.transaction(async (tx) => {
      const sent = await sendDelivery(t.app.jobs, mailing.id, tx);
      await tx.execute(
        sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where id = ${sent}`,
      );
      return sent;
    });
    await expect
      .poll(async () => (await mailingOf(mailing.id)).status, { timeout: 20_000, interval: 250 })
      .toBe('done');
    expect(await mailingOf(mailing.id)).toMatchObject({ delivered: PLAYERS, failed: 0 });
    expect(await deliveriesOf(mailing.id)).toHaveLength(PLAYERS);
    // pg-boss completes the job after the handler's transaction commits: the mailing is done first.
    await expect
      .poll(
        async () => (await rowsOf(t, sql`select state, retry_count from pgboss.job where id = ${id}`))[0],
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('a running mailing without a job (its last retry expired) is sent one by mailing.resume, and delivered', async () => {
    const mailing = await newMailing();
    expect(await jobsOf(mailing.id)).toEqual([]);
    expect(await mailingResumeJob.run(t.app, undefined as never, t.app.jobs)).toMatchObject({ running: 1 });
    await expect
      .poll(async () => (await mailingOf(mailing.id)).status, { timeout: 15_000, interval: 250 })
      .toBe('done');
    expect(await deliveriesOf(mailing.id)).toHaveLength(PLAYERS);
    // Nothing running: nothing sent.
    expect(await mailingResumeJob.run(t.app, undefined as never, t.app.jobs)).toMatchObject({ running: 0 });
  });

  it('a bot that does not answer within the timeout: the batch rolls back (nobody recorded) and the lock is free', async () => {
    const mailing = await newMailing();
    const silent: MailingDelivery = { send: () => new Promise(() => undefined) };
    await expect(
      deliverMailing(t.db, silent, mailing.id, { ...run, batch: 50, sendTimeoutMs: 200 }),
    ).rejects.toThrow('the bot did not answer within 200 ms');
    expect(await deliveriesOf(mailing.id)).toHaveLength(0);
    // The row lock is free: a bot that answers delivers the mailing.
    expect(await deliverMailing(t.db, new RecordingBot(), mailing.id, run)).toBe('done');
    expect(await mailingOf(mailing.id)).toMatchObject({ status: 'done', delivered: PLAYERS });
  });
});
