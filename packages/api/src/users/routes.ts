import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../exports/route';
import {
  calls,
  leaderboardRequestSchema,
  telegramIdParamSchema,
  updateBalancesRequestSchema,
  usersQuerySchema,
} from '@manager/contract';
import { adminIdOf } from '../lib/request';
import { route } from '../lib/route';
import { ok, okJson, parse } from '../lib/envelope';
import { usersPlan } from './export-plan';
import { readLeaderboard } from './leaderboard-repository';
import { listUsersJson } from './list-repository';
import { readUserDetail, updateBalances } from './repository';

/** Players: the list, a player's detail, balance edits, and the leaderboard. */
export default async function usersRoutes(app: FastifyInstance) {
  // The page comes as JSON text (built by PostgreSQL, see list-repository.ts): only the envelope is added here.
  route(app, calls.users, async (request, reply) => {
    const data = await listUsersJson(app.db, parse(usersQuerySchema, request.query, 'query'), app.clock());
    return reply.type('application/json; charset=utf-8').send(okJson(data));
  });
  exportRoute(app, calls.exportUsers, (q) => usersPlan(q, app.clock()));

  route(app, calls.userDetail, async (request) => {
    const { telegramId } = parse(telegramIdParamSchema, request.params, 'params');
    return ok(await readUserDetail(app.db, telegramId, app.clock()));
  });

  route(app, calls.updateBalances, async (request) => {
    const { telegramId } = parse(telegramIdParamSchema, request.params, 'params');
    const body = parse(updateBalancesRequestSchema, request.body);
    const user = await updateBalances(app.db, telegramId, body, adminIdOf(request), app.clock());
    return ok(user, 'Balances updated successfully');
  });

  route(app, calls.leaderboard, async (request) =>
    ok(await readLeaderboard(app.db, parse(leaderboardRequestSchema, request.body), app.clock())),
  );
}
