import type { FastifyInstance } from 'fastify';
import { reconcileTransferClaims, type ReconcileReport } from './reconcile';

interface ScheduleOptions {
  /** Time between the end of one run and the start of the next (ms); 0 = never run. */
  intervalMs: number;
  /** WITHDRAWAL_CLAIM_STALE_MS. */
  staleMs: number;
  /** Told of each run's outcome (tests wait on it). */
  onRun?: (report: ReconcileReport) => void;
}

/**
 * Runs the transfer reconciliation when the app is ready and then every `intervalMs`, one run
 * at a time, with the app's database, port and clock. The start does not wait for the first
 * run (the port may be slow), the timer never keeps the process alive, and closing the app
 * stops it and waits for a run under way, so the database is not closed under it. Call before
 * the app is ready (before `listen` or the first `inject`).
 */
export function scheduleTransferReconciliation(
  app: FastifyInstance,
  options: ScheduleOptions = { intervalMs: app.config.withdrawalReconcileIntervalMs, staleMs: app.config.withdrawalClaimStaleMs },
): void {
  if (options.intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async () => {
    try {
      const report = await reconcileTransferClaims(app.db, { port: app.transferPort, now: app.clock(), staleMs: options.staleMs });
      const { processed, released, waiting, errors } = report;
      if (processed.length + released.length + waiting.length > 0) app.log.info({ processed, released, waiting }, 'transfer claims reconciled');
      for (const { id, error } of errors) app.log.warn({ withdrawalId: id, error }, 'transfer status unavailable; the claim waits for the next run');
      options.onRun?.(report);
    } catch (error) {
      app.log.error({ err: error }, 'transfer reconciliation failed');
    }
  };
  const tick = () => {
    running = run().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(tick, options.intervalMs).unref();
    });
  };

  app.addHook('onReady', async () => {
    tick();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
