import type { JobDefinition } from '../jobs/queue';
import { reconcileTransferClaims } from './reconcile';

export const WITHDRAWALS_RECONCILE_JOB = 'withdrawals.reconcile';

/**
 * `withdrawals.reconcile`: settles transfer claims nobody ended (reconcile.ts), on the schedule
 * WITHDRAWAL_RECONCILE_CRON (every minute by default) and when a working instance starts. pg-boss sends one job per due time
 * whichever instances run, and the `stately` queue keeps at most one waiting; runs that still
 * overlap (a slow port) are safe, since each settlement is a conditional update. A port that
 * cannot answer leaves the claim for the next run.
 */
export const withdrawalsReconcileJob: JobDefinition = {
  name: WITHDRAWALS_RECONCILE_JOB,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  cron: (app) => app.config.withdrawalReconcileCron,
  atStart: true,
  async run(app) {
    const report = await reconcileTransferClaims(app.db, {
      port: app.transferPort,
      now: app.clock(),
      staleMs: app.config.withdrawalClaimStaleMs,
    });
    const { processed, released, waiting, errors } = report;
    if (processed.length + released.length + waiting.length > 0)
      app.log.info({ processed, released, waiting }, 'transfer claims reconciled');
    for (const { id, error } of errors)
      app.log.warn(
        { withdrawalId: id, error },
        'transfer status unavailable; the claim waits for the next run',
      );
    return {
      processed: processed.length,
      released: released.length,
      waiting: waiting.length,
      errors: errors.length,
    };
  },
};
