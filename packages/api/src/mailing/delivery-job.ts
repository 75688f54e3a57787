import { and, eq, sql } from 'drizzle-orm';
import { AUDIT_SYSTEM_ACTORS, paths } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { deliverInbox } from '../db/inbox';
import type { Db, Tx } from '../db/client';
import { mailingDeliveries, mailings } from '../db/schema/index';
import type { JobDefinition, JobQueue } from '../jobs/queue';
import { runAsSystem } from '../lib/actor';
import type { MailingDelivery } from './delivery';
import { recipientPage } from './recipients';

export const MAILING_DELIVER_JOB = 'mailing.deliver';

/** Bounded rate: at most BATCH messages every PAUSE_MS (Telegram allows about 30/s per bot; the local port is faster). */
export const DELIVERY_BATCH = 200;
const DELIVERY_PAUSE_MS = 50;
/**
 * The longest a batch's hand-over to the bot may take: past it the batch's transaction rolls
 * back (releasing the mailing's row lock) and the job is retried. The bot may still deliver
 * what it was handed then: like a crash mid-batch, that batch can reach its players twice.
 */
export const DELIVERY_SEND_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a run of the job left the mailing. */
export type DeliveryOutcome = 'done' | 'more' | 'gone';

interface DeliveryRun {
  batch?: number;
  pauseMs?: number;
  /** Ms the run may take before it hands the rest to a new job (the job's expiry is longer). */
  budgetMs: number;
  /** The worker is closing: stop between batches. */
  stopping: () => boolean;
  /** The longest the bot may take to answer a batch (DELIVERY_SEND_TIMEOUT_MS). */
  sendTimeoutMs?: number;
}

/**
 * Delivers a running mailing in batches until every player has it, the run's time is up or
 * the worker stops: `done` (marked done), `more` (a new job goes on from where this stopped),
 * `gone` (not running: done already, or deleted). Acts as `system:mailing`.
 */
export const deliverMailing = (
  db: Db,
  delivery: MailingDelivery,
  mailingId: number,
  run: DeliveryRun,
): Promise<DeliveryOutcome> =>
  runAsSystem(AUDIT_SYSTEM_ACTORS.mailing, async () => {
    const started = Date.now();
    for (;;) {
      const outcome = await deliverBatch(
        db,
        delivery,
        mailingId,
        run.batch ?? DELIVERY_BATCH,
        run.sendTimeoutMs ?? DELIVERY_SEND_TIMEOUT_MS,
      );
      if (outcome !== 'more') return outcome;
      if (run.stopping() || Date.now() - started >= run.budgetMs) return 'more';
      await sleep(run.pauseMs ?? DELIVERY_PAUSE_MS);
    }
  });

/**
 * One batch in one transaction, under the mailing's row lock (a second job of the same mailing,
 * on any instance, waits for it): the next players after the mailing's cursor, a delivery row
 * each (the (mailing, player) key refuses a second one), the hand-over to the bot, the bot's
 * refusals, the cursor and the counts. A crash before the commit takes all of it back, so the
 * batch is handed over again by the job's retry and nobody is skipped; whatever commits is
 * never handed over again. The players at the end of the list: done, audited `mailing.deliver`.
 */
async function deliverBatch(
  db: Db,
  delivery: MailingDelivery,
  mailingId: number,
  size: number,
  sendTimeoutMs: number,
): Promise<DeliveryOutcome> {
  return db.transaction(async (tx) => {
    const [mailing] = await tx.select().from(mailings).where(eq(mailings.id, mailingId)).for('update');
    if (!mailing || mailing.status !== 'running') return 'gone';
    const page = await recipientPage(tx, mailing.deliveredThrough, size);
    if (page.length === 0) {
      const [after] = await tx
        .update(mailings)
        .set({ status: 'done', recipients: mailing.delivered + mailing.failed })
        .where(eq(mailings.id, mailingId))
        .returning();
      await writeAudit(tx, {
        action: 'mailing.deliver',
        entity: 'mailing',
        entityId: mailingId,
        before: mailing,
        after: after!,
      });
      return 'done';
    }
    const fresh = await tx
      .insert(mailingDeliveries)
      .values(page.map(({ telegramId }) => ({ mailingId, telegramId })))
      .onConflictDoNothing()
      .returning({ telegramId: mailingDeliveries.telegramId });
    const failures = fresh.length
      ? await withTimeout(sendTimeoutMs, () =>
          delivery.send(
            fresh.map(({ telegramId }) => ({
              mailingId,
              telegramId,
              text: mailing.message,
              buttonText: mailing.buttonText,
              buttonLink: mailing.buttonLink,
              mediaLink: mailing.mediaLink || null,
            })),
          ),
        )
      : [];
    // Only players of this batch, once each, count as refused (a port could name others by mistake).
    const handed = new Set(fresh.map((r) => r.telegramId));
    const refused = new Map(
      failures.filter((f) => handed.has(f.telegramId)).map((f) => [f.telegramId, f.reason]),
    );
    for (const [telegramId, reason] of refused) {
      await tx
        .update(mailingDeliveries)
        .set({ error: reason.slice(0, 500) })
        .where(and(eq(mailingDeliveries.mailingId, mailingId), eq(mailingDeliveries.telegramId, telegramId)));
    }
    const failed = refused.size;
    await tx
      .update(mailings)
      .set({
        deliveredThrough: page[page.length - 1]!.telegramId,
        delivered: sql`${mailings.delivered} + ${fresh.length - failed}`,
        failed: sql`${mailings.failed} + ${failed}`,
      })
      .where(eq(mailings.id, mailingId));
    return 'more';
  });
}

/**
 * `mailing.deliver`: one job per mailing (singleton key = its id), sent by the transaction that
 * starts the mailing. A run delivers for a third of the job's expiry, then sends the next job
 * and ends, so a live run never outlasts its expiry; a run whose instance died is failed when
 * the expiry passes and retried by any instance, from the committed cursor. The last retry's
 * failure marks the mailing failed.
 */
export const mailingDeliverJob: JobDefinition<{ mailingId: number }> = {
  name: MAILING_DELIVER_JOB,
  // Retries after 5 s, doubling: ten of them span about 1.4 hours of a bot outage.
  queue: { policy: 'stately', retryLimit: 10, retryDelay: 5, retryBackoff: true },
  async run(app, job, queue) {
    const { mailingId } = job.data;
    const expireMs = app.config.jobs.expireSeconds * 1000;
    try {
      const outcome = await deliverMailing(app.db, app.mailingDelivery, mailingId, {
        budgetMs: expireMs / 3,
        stopping: () => queue.stopping,
      });
      if (outcome === 'more') await sendDelivery(queue, mailingId);
      return { outcome };
    } catch (error) {
      if (job.retryCount >= job.retryLimit) await markMailingFailed(app.db, mailingId);
      throw error;
    }
  },
};

/** `run()`, or a throw after `ms` (the promise of `run` is left to settle by itself). */
export async function withTimeout<T>(ms: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the bot did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([run(), late]);
  } finally {
    clearTimeout(timer);
  }
}

export const MAILING_RESUME_JOB = 'mailing.resume';

/**
 * `mailing.resume`, on the schedule MAILING_RESUME_CRON (every minute) and when a working
 * instance starts: sends the delivery job of every running mailing. A mailing
 * stays running without a job when its last retry ended by expiry (the instance died) or when
 * it was started before deliveries were jobs; the `stately` queue drops the job of a mailing
 * that already has one waiting, and a second run of a batch records nobody twice.
 */
export const mailingResumeJob: JobDefinition = {
  name: MAILING_RESUME_JOB,
  queue: { policy: 'stately', retryLimit: 0 },
  cron: (app) => app.config.mailingResumeCron,
  atStart: true,
  async run(app, _job, queue) {
    const running = await app.db
      .select({ id: mailings.id })
      .from(mailings)
      .where(eq(mailings.status, 'running'));
    for (const { id } of running) await sendDelivery(queue, id);
    return { running: running.length };
  },
};

/** Sends the mailing's delivery job; with `tx`, in that transaction (see startMailing). */
export const sendDelivery = (queue: JobQueue, mailingId: number, tx?: Tx) =>
  queue.send(MAILING_DELIVER_JOB, { mailingId }, { singletonKey: String(mailingId), ...(tx ? { tx } : {}) });

/** running -> failed when delivery gave up; what was delivered stays counted. */
async function markMailingFailed(db: Db, mailingId: number): Promise<void> {
  await runAsSystem(AUDIT_SYSTEM_ACTORS.mailing, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(mailings)
        .where(and(eq(mailings.id, mailingId), eq(mailings.status, 'running')))
        .for('update');
      if (!before) return;
      const [after] = await tx
        .update(mailings)
        .set({ status: 'failed', recipients: before.delivered + before.failed })
        .where(eq(mailings.id, mailingId))
        .returning();
      await writeAudit(tx, {
        action: 'mailing.deliver',
        entity: 'mailing',
        entityId: mailingId,
        before,
        after: after!,
      });
      // Those who may send mailings are told it stopped short (what was delivered stays counted).
      await deliverInbox(
        tx,
        {
          kind: 'mailing.failed',
          subject: `mailing:${mailingId}`,
          text: `Mailing #${mailingId} failed: delivery gave up after ${after!.delivered} ${after!.delivered === 1 ? 'message' : 'messages'}`,
          link: paths.mailing,
          to: { permissions: ['mailing.start'] },
        },
        new Date(),
      );
    }),
  );
}
