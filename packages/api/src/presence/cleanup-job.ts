import type { JobDefinition } from '../jobs/queue';
import { deleteLapsedPresence } from './repository';

export const CLEANUP_PRESENCE_JOB = 'presence.cleanup';

/**
 * `presence.cleanup`, on the events' schedule (EVENTS_CLEANUP_CRON): presences no tab renewed
 * go. They are already not shown (src/presence/repository.ts reads only fresh ones); this only
 * keeps the table as small as the consoles open now.
 */
export const cleanupPresenceJob: JobDefinition = {
  name: CLEANUP_PRESENCE_JOB,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  cron: (app) => app.config.eventsCleanupCron,
  async run(app) {
    return { deleted: await deleteLapsedPresence(app.db, app.clock()) };
  },
};
