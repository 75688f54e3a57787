import { cleanupSessionsJob } from '../auth/session-cleanup-job';
import { cleanupUploadsJob } from '../files/orphan-cleanup-job';
import { cleanupEventsJob } from '../events/cleanup-job';
import { cleanupPresenceJob } from '../presence/cleanup-job';
import { mailingDeliverJob, mailingResumeJob } from '../mailing/delivery-job';
import { withdrawalsReconcileJob } from '../withdrawals/reconcile-job';
import type { JobDefinition } from './queue';

/** Every kind of background work the API does; each domain defines its own. */
export const JOB_DEFINITIONS: JobDefinition[] = [
  mailingDeliverJob,
  mailingResumeJob,
  withdrawalsReconcileJob,
  cleanupSessionsJob,
  cleanupUploadsJob,
  cleanupEventsJob,
  cleanupPresenceJob,
];
