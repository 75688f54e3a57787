import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import { executorIn, executorOf } from './sql';

/** The schema pg-boss keeps its queues, jobs and schedules in, beside the app's tables. */
export const JOBS_SCHEMA = 'pgboss';

/** One kind of background work: its queue, how a worker takes it, and when it is due by itself. */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** pg-boss queue settings (policy, retries; expiry default JOBS_EXPIRE_SECONDS); applied again at every start. */
  queue: Omit<PgBoss.Queue, 'name'>;
  /** A pg-boss cron expression (UTC), or null for jobs only sent by the app. */
  cron?: (app: FastifyInstance) => string | null;
  /**
   * Also due when a working instance starts (a scheduled job whose cron is not off): what a
   * crash left (a transfer claim, a mailing without its job) is settled at the restart, not
   * at the next due time.
   */
  atStart?: boolean;
  /** Runs one job; a throw fails it, and pg-boss retries it after the queue's retry delay. */
  run(app: FastifyInstance, job: PgBoss.JobWithMetadata<T>, queue: JobQueue): Promise<unknown>;
}

export interface JobQueue {
  /**
   * Sends a job. With `tx` its row is written by that transaction, so it is due exactly when
   * the change that calls for it commits; without, at once. Null: the queue's policy kept an
   * equal job already waiting (a `stately` queue holds one waiting job per singleton key).
   */
  send(name: string, data: object, options?: PgBoss.SendOptions & { tx?: DbOrTx }): Promise<string | null>;
  /** Lets this instance's worker of `name` look for jobs now (one sent by a committed transaction). */
  wake(name: string): void;
  /** True once the app is closing: a long job stops between steps and hands the rest on. */
  readonly stopping: boolean;
}

interface JobsOptions {
  definitions: JobDefinition[];
  /** Workers and schedules run here (JOBS_ENABLED); else the app only sends jobs. */
  work: boolean;
  /** How often expired jobs (their worker died) are failed for a retry (JOBS_MAINTENANCE_SECONDS). */
  maintenanceSeconds: number;
  pollingSeconds: number;
  /** A job's expiry unless its queue sets one (JOBS_EXPIRE_SECONDS). */
  expireSeconds: number;
}

/**
 * pg-boss over the app's database (PGlite or PostgreSQL alike, through `executorOf`). Started
 * when the app is ready: it finds its schema and the queues, which the migration step made
 * (jobs/install.ts; a runtime role may not create them, the owner's start would), applies the
 * queues' settings, and where the app works jobs, starts their workers and writes the schedules.
 * Closing the app stops it: workers take no more jobs, a running job is given `stopTimeoutMs`
 * to finish, then it is failed for a retry elsewhere; pg-boss's timers end with it.
 */
export function registerJobs(app: FastifyInstance, options: JobsOptions): JobQueue {
  const boss = new PgBoss({
    db: executorOf(app.db) as PgBoss.Db,
    schema: JOBS_SCHEMA,
    supervise: options.work,
    schedule: options.work,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'job queue error'));
  const workers = new Map<string, string>();
  let stopping = false;

  const queue: JobQueue = {
    get stopping() {
      return stopping;
    },
    async send(name, data, { tx, ...sendOptions } = {}) {
      const id = await boss.send(name, data, {
        ...sendOptions,
        ...(tx ? { db: executorIn(tx) as PgBoss.Db } : {}),
      });
      // A job sent outside a transaction is due now: this instance's worker looks at once.
      if (id && !tx) queue.wake(name);
      return id;
    },
    wake(name) {
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
  };

  app.addHook('onReady', async () => {
    await boss.start();
    for (const definition of options.definitions) {
      const settings = { name: definition.name, expireInSeconds: options.expireSeconds, ...definition.queue };
      await boss.createQueue(definition.name, settings);
      await boss.updateQueue(definition.name, settings);
    }
    if (!options.work) return;
    for (const definition of options.definitions) {
      const run = (jobs: PgBoss.JobWithMetadata<object>[]) =>
        Promise.all(jobs.map((job) => definition.run(app, job, queue)));
      workers.set(
        definition.name,
        await boss.work(
          definition.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingSeconds },
          run,
        ),
      );
      const cron = definition.cron?.(app);
      // Schedules live in the database: every working instance writes the same ones.
      if (cron) await boss.schedule(definition.name, cron, {}, { tz: 'UTC' });
      else if (definition.cron) await boss.unschedule(definition.name);
      // A `stately` queue keeps one waiting: instances starting together send it once.
      if (cron && definition.atStart) await queue.send(definition.name, {});
    }
  });
  app.addHook('onClose', async () => {
    stopping = true;
    await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
  });
  return queue;
}

/** How long a closing app lets a running job finish before failing it for a retry. */
const STOP_TIMEOUT_MS = 10_000;
