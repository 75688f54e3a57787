import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { envelope, inboxResponseSchema } from '@manager/contract';
import { mailings, users } from '../../src/db/schema/index';
import { mailingDeliverJob } from '../../src/mailing/delivery-job';
import type { JobQueue } from '../../src/jobs/queue';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

/** A mailing whose last delivery retry fails: marked failed, and those who send mailings are told. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    { mailingDelivery: { send: async () => Promise.reject(new Error('the bot API is down')) } },
  );
  await t.db.insert(users).values({ telegramId: 910000001, username: 'reader' });
});
afterAll(() => t?.close());

const inboxOf = async (token: string) =>
  envelope(inboxResponseSchema).parse((await t.call({ method: 'GET', url: '/manager/inbox', token })).json())
    .data;

describe('a failed mailing', () => {
  it('is marked failed at its last retry and waits in the inbox of those who may start mailings', async () => {
    const [mailing] = await t.db
      .insert(mailings)
      .values({
        message: 'Hi',
        buttonText: 'Go',
        buttonLink: 'https://t.me/x',
        status: 'running',
        recipients: 1,
      })
      .returning();
    const run = (retryCount: number) =>
      mailingDeliverJob.run(
        t.app,
        {
          id: 'job',
          name: mailingDeliverJob.name,
          data: { mailingId: mailing!.id },
          retryCount,
          retryLimit: 10,
        } as never,
        { stopping: false } as unknown as JobQueue,
      );
    await expect(run(3)).rejects.toThrow('the bot API is down');
    expect((await t.db.select().from(mailings).where(eq(mailings.id, mailing!.id)))[0]!.status).toBe(
      'running',
    );
    await expect(run(10)).rejects.toThrow('the bot API is down');
    expect((await t.db.select().from(mailings).where(eq(mailings.id, mailing!.id)))[0]!.status).toBe(
      'failed',
    );

    const owner = await inboxOf((await signIn(t)).accessToken);
    expect(owner.items).toContainEqual(
      expect.objectContaining({
        kind: 'mailing.failed',
        text: `Mailing #${mailing!.id} failed: delivery gave up after 0 messages`,
        link: '/mailing',
        read: false,
      }),
    );
    const support = await inboxOf((await signIn(t, 'support', t.demo.admin.password)).accessToken);
    expect(support.items.filter((i) => i.kind === 'mailing.failed')).toHaveLength(0);
  });
});
