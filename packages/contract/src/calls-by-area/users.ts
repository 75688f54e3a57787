import * as stats from '../schemas/stats.ts';
import * as games from '../schemas/games.ts';
import * as users from '../schemas/users.ts';
import { telegramIdParamSchema } from '../schemas/common.ts';
import { call, GET, POST, PUT } from './call.ts';

/** Statistics, players and games (the users remote and the dashboard). Part of `calls` (../calls.ts). */
export const userCalls = {
  // statistics, users, games
  metrics: call({
    method: GET,
    permission: 'dashboard.read',
    path: '/metrics',
    response: stats.metricsResponseSchema,
  }),
  dashboardStats: call({
    method: GET,
    permission: 'dashboard.read',
    path: '/dashboard-stats',
    response: stats.dashboardStatsResponseSchema,
  }),
  gameHistory: call({
    method: GET,
    permission: 'games.read',
    path: '/game/history',
    query: games.gameHistoryQuerySchema,
    response: games.gameHistoryResponseSchema,
  }),
  users: call({
    method: GET,
    permission: 'users.read',
    path: '/users',
    query: users.usersQuerySchema,
    response: users.usersResponseSchema,
  }),
  userDetail: call({
    method: GET,
    permission: 'users.read',
    path: '/users/:telegramId',
    params: telegramIdParamSchema,
    response: users.userDetailResponseSchema,
  }),
  updateBalances: call({
    method: PUT,
    permission: 'users.balances.edit',
    path: '/users/:telegramId/balances',
    params: telegramIdParamSchema,
    stepUp: 'always',
    body: users.updateBalancesRequestSchema,
    response: users.updateBalancesResponseSchema,
  }),
  leaderboard: call({
    method: POST,
    permission: 'leaderboards.read',
    path: '/leaderboard',
    body: users.leaderboardRequestSchema,
    response: users.leaderboardResponseSchema,
  }),
} as const;
