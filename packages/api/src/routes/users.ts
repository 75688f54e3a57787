import type { FastifyInstance } from 'fastify';
import {
  gameHistoryQuerySchema,
  leaderboardRequestSchema,
  telegramIdParamSchema,
  updateBalancesRequestSchema,
  usersQuerySchema,
} from '@manager/contract';
import { ok, okJson, parse, unauthorized } from '../plugins/envelope';
import { listGames } from '../users/game-history';
import { readLeaderboard } from '../users/leaderboard';
import { listUsersJson } from '../users/list-users';
import { updateBalances } from '../users/update-balances';
import { readUserDetail } from '../users/user-detail';

/** Users, balances, leaderboard and game history (mounted under /manager behind the guard). */
export default async function usersRoutes(app: FastifyInstance) {
  // The page comes as JSON text (built by PostgreSQL, see list-users.ts): only the envelope is added here.
  app.get('/users', async (request, reply) => {
    const data = await listUsersJson(app.db, parse(usersQuerySchema, request.query, 'query'), app.clock());
    return reply.type('application/json; charset=utf-8').send(okJson(data));
  });

  app.get('/users/:telegramId', async (request) => {
    const { telegramId } = parse(telegramIdParamSchema, request.params, 'params');
    return ok(await readUserDetail(app.db, telegramId, app.clock()));
  });

  app.put('/users/:telegramId/balances', async (request) => {
    const { telegramId } = parse(telegramIdParamSchema, request.params, 'params');
    const body = parse(updateBalancesRequestSchema, request.body);
    if (!request.admin) throw unauthorized();
    const user = await updateBalances(app.db, telegramId, body, request.admin.id, app.clock());
    return ok(user, 'Balances updated successfully');
  });

  app.post('/leaderboard', async (request) =>
    ok(await readLeaderboard(app.db, parse(leaderboardRequestSchema, request.body), app.clock())),
  );

  app.get('/game/history', async (request) => ok(await listGames(app.db, parse(gameHistoryQuerySchema, request.query, 'query'))));
}
