import type { JobDefinition } from '../jobs/queue';
import { deleteOldEvents } from './repository';

export const CLEANUP_EVENTS_JOB = 'events.cleanup';

/**
 * `events.cleanup`, on the schedule EVENTS_CLEANUP_CRON (hourly by default): the events older
 * than a day go (EVENTS_KEPT_MS). They are hints to refetch, not history: the audit trail is that.
 */
export const cleanupEventsJob: JobDefinition = {
  name: CLEANUP_EVENTS_JOB,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  cron: (app) => app.config.eventsCleanupCron,
  async run(app) {
    const deleted = await deleteOldEvents(app.db, app.clock());
    if (deleted > 0) app.log.info({ deleted }, 'old console events deleted');
    return { deleted };
  },
};
