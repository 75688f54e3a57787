import type { FastifyInstance } from 'fastify';
import {
  calls,
  refreshTokenRequestSchema,
  sessionIdParamSchema,
  type EndOtherSessionsResponse,
  type ProfileResponse,
  type RefreshTokenResponse,
  type SessionsResponse,
} from '@manager/contract';
import { route } from '../lib/route';
import { notFound, ok, parse, unauthorized } from '../lib/envelope';
import { findAdminById, toAdmin } from './admin-repository';
import { rolesOfAdmin } from './role-repository';
import {
  closeSession,
  endSession,
  endSessionsButCurrent,
  listSessions,
  rotateRefreshToken,
} from './session-repository';

const INVALID_REFRESH_TOKEN = 'Invalid refresh token';
const SESSION_NOT_FOUND = 'Session not found';

/** Token refresh, the signed-in admin's profile, logout, and the admin's own sessions. */
export async function sessionRoutes(app: FastifyInstance) {
  // Refused, too, when the session ended or timed out: the console then signs out.
  route(app, calls.refreshToken, async (request) => {
    const body = parse(refreshTokenRequestSchema, request.body);
    const result = await rotateRefreshToken(app.db, body.refreshToken, app.clock(), app.config.session);
    if (!result.ok) throw unauthorized(INVALID_REFRESH_TOKEN);
    const admin = await findAdminById(app.db, result.adminId);
    if (!admin) throw unauthorized(INVALID_REFRESH_TOKEN);
    const data: RefreshTokenResponse = {
      tokens: {
        accessToken: await app.tokens.signAccess(admin.id, result.familyId),
        refreshToken: result.refreshToken,
      },
      admin: toAdmin(admin),
    };
    return ok(data, 'Token refreshed');
  });

  // With the roles the admin holds and their permissions: the console's snapshot of what to show.
  route(app, calls.profile, async (request) => {
    const [admin, held] = await Promise.all([
      findAdminById(app.db, request.admin!.id),
      rolesOfAdmin(app.db, request.admin!.id),
    ]);
    if (!admin) throw unauthorized();
    const data: ProfileResponse = { admin: toAdmin(admin), ...held };
    return ok(data);
  });

  // Ends this session: the guard refuses its access tokens and the refresh its refresh tokens.
  route(app, calls.logout, async (request) => {
    const { id, familyId } = request.admin!;
    await closeSession(app.db, id, familyId, app.clock());
    return ok(null, 'Logged out');
  });

  route(app, calls.sessions, async (request) => {
    const { id, familyId } = request.admin!;
    const data: SessionsResponse = {
      sessions: await listSessions(app.db, id, familyId, app.clock(), app.config.session),
    };
    return ok(data);
  });

  // Only the admin's own open sessions: another admin's session answers as one that does not exist.
  route(app, calls.endSession, async (request) => {
    const { id: sessionId } = parse(sessionIdParamSchema, request.params, 'params');
    if (!(await endSession(app.db, request.admin!.id, sessionId, app.clock(), app.config.session)))
      throw notFound(SESSION_NOT_FOUND);
    return ok(null, 'Session signed out');
  });

  route(app, calls.endOtherSessions, async (request) => {
    const { id, familyId } = request.admin!;
    const data: EndOtherSessionsResponse = {
      ended: await endSessionsButCurrent(app.db, id, familyId, app.clock(), app.config.session),
    };
    return ok(
      data,
      data.ended === 1 ? '1 other session signed out' : `${data.ended} other sessions signed out`,
    );
  });
}
