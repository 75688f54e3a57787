import type { FastifyInstance } from 'fastify';
import { calls, refreshTokenRequestSchema, type ProfileResponse, type RefreshTokenResponse } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, toAdmin } from './admin-repository';
import { closeSession, rotateRefreshToken } from './session-repository';

const INVALID_REFRESH_TOKEN = 'Invalid refresh token';

/** Token refresh, the signed-in admin's profile, and logout. */
export async function sessionRoutes(app: FastifyInstance) {
  route(app, calls.refreshToken, async (request) => {
    const body = parse(refreshTokenRequestSchema, request.body);
    const result = await rotateRefreshToken(app.db, body.refreshToken, app.clock());
    if (!result.ok) throw unauthorized(INVALID_REFRESH_TOKEN);
    const admin = await findAdminById(app.db, result.adminId);
    if (!admin) throw unauthorized(INVALID_REFRESH_TOKEN);
    const data: RefreshTokenResponse = {
      tokens: { accessToken: await app.tokens.signAccess(admin.id, result.familyId), refreshToken: result.refreshToken },
      admin: toAdmin(admin),
    };
    return ok(data, 'Token refreshed');
  });

  route(app, calls.profile, async (request) => {
    const admin = await findAdminById(app.db, request.admin!.id);
    if (!admin) throw unauthorized();
    const data: ProfileResponse = { admin: toAdmin(admin) };
    return ok(data);
  });

  // Ends this session: its refresh tokens are revoked and the guard refuses its access tokens.
  route(app, calls.logout, async (request) => {
    const { id, familyId } = request.admin!;
    await closeSession(app.db, id, familyId, app.clock());
    return ok(null, 'Logged out');
  });
}
