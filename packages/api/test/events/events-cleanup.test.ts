import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../src/db/client';
import { publishEvent } from '../../src/db/console-events';
import { cleanupEventsJob } from '../../src/events/cleanup-job';
import { JOB_DEFINITIONS } from '../../src/jobs/definitions';
import { buildTestApp, type TestApp } from '../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const entityIds = async () =>
  (await executeRows<{ entity_id: string }>(t.db, sql`select entity_id from console_events order by id`)).map(
    (r) => r.entity_id,
  );

describe('events.cleanup', () => {
  it('is scheduled hourly by default and deletes the events older than a day, only those', async () => {
    expect(JOB_DEFINITIONS).toContain(cleanupEventsJob);
    expect(cleanupEventsJob.cron!(t.app)).toBe('29 * * * *');
    for (const entityId of ['old', 'recent'])
      await publishEvent(t.db, { entity: 'task', entityId, action: 'task.update', actor: null });
    await executeRows(
      t.db,
      sql`update console_events set at = ${new Date(t.clock.now().getTime() - 25 * 3_600_000)} where entity_id = 'old'`,
    );
    expect(await cleanupEventsJob.run(t.app, {} as never, t.app.jobs)).toEqual({ deleted: 1 });
    expect(await entityIds()).toEqual(['recent']);
  });

  it('a change no admin is told of (a sign-in, a session) records no event', async () => {
    await publishEvent(t.db, { entity: 'session', entityId: 'x', action: 'auth.logout', actor: null });
    expect(await entityIds()).toEqual(['recent']);
  });
});
