import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CANARY_ADMINS_PATH,
  RELEASE_BUILT_IN,
  RELEASE_NONE,
  RELEASE_NOTICES_PATH,
  releaseNoticeSchema,
} from '@manager/contract';
import { publishEvent } from '../../db/console-events';
import { deliverInbox } from '../../db/inbox';
import { admins } from '../../db/schema/auth';
import { AppError, ok, parse } from '../../lib/envelope';

export const INVALID_RELEASE_TOKEN = 'Invalid release token';

/** The body of POST /releases/canary-admins: the usernames a canary is about to name. */
const canaryAdminsSchema = z.object({
  usernames: z.array(z.string().trim().min(1).max(64)).min(1).max(100),
});

/** What the release tool learns: which names reach nobody, and which reach a disabled admin. */
export interface CanaryAdminsAnswer {
  /** No administrator has exactly this username; `didYouMean` when one differs only in case. */
  unknown: { username: string; didYouMean?: string }[];
  disabled: string[];
}

/**
 * POST /releases/canary-admins, for `pnpm promote --canary` (packages/releases): of the names
 * given, which match no administrator exactly (the console matches a canary's names exactly)
 * and which are disabled, so a typo is refused instead of a canary that reaches nobody.
 *
 * Not a call of the console: the release tool has no session. It carries
 * `Authorization: Bearer <RELEASES_TOKEN>`, a secret of the release pipeline, and the route
 * exists only where RELEASES_TOKEN is set (outside production a development token). It answers
 * only about the names it is given, so it lists no administrators.
 */
export default async function releaseRoutes(app: FastifyInstance) {
  const token = app.config.releasesToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  const onRequest = async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(401, INVALID_RELEASE_TOKEN);
  };
  app.post(CANARY_ADMINS_PATH, { onRequest }, async (request) => {
    const { usernames } = parse(canaryAdminsSchema, request.body);
    const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
    const rows = await app.db
      .select({ username: admins.username, status: admins.status })
      .from(admins)
      .where(inArray(sql`lower(${admins.username})`, lower));
    const answer: CanaryAdminsAnswer = { unknown: [], disabled: [] };
    for (const username of usernames) {
      const exact = rows.find((r) => r.username === username);
      if (exact) {
        if (exact.status === 'disabled') answer.disabled.push(username);
        continue;
      }
      const like = rows.find((r) => r.username.toLowerCase() === username.toLowerCase());
      answer.unknown.push({ username, ...(like ? { didYouMean: like.username } : {}) });
    }
    return ok(answer);
  });

  // `pnpm promote` and `pnpm rollback` say what went live: every admin's inbox (a canary's
  // admins only, who alone got it), and an event, so open consoles show it at once.
  app.post(RELEASE_NOTICES_PATH, { onRequest }, async (request) => {
    const notice = parse(releaseNoticeSchema, request.body);
    const text =
      notice.change === 'promoted'
        ? `${notice.area} ${notice.version} is live${notice.canary ? ' for you (canary)' : ''}`
        : notice.version === RELEASE_NONE
          ? `${notice.area} was taken down: the console has no ${notice.area} area now`
          : `${notice.area} was rolled back to ${notice.version === RELEASE_BUILT_IN ? "the console's own build" : notice.version}`;
    const told = await app.db.transaction(async (tx) => {
      const count = await deliverInbox(
        tx,
        {
          kind: 'release',
          subject: `release:${notice.area}@${notice.version}:${notice.change}`,
          text,
          link: null,
          to: notice.canary ? { usernames: notice.canary } : { everyone: true },
        },
        app.clock(),
      );
      await publishEvent(tx, {
        entity: 'release',
        entityId: notice.area,
        action: 'release.changed',
        actor: null,
      });
      return count;
    });
    return ok({ told });
  });
}
