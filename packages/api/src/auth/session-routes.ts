import type { FastifyInstance } from 'fastify';
import { refreshTokenRequestSchema, type ProfileResponse, type RefreshTokenResponse } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, toAdmin } from './admin-store';
import { revokeFamily, rotateRefreshToken } from './refresh-tokens';

export const INVALID_REFRESH_TOKEN = 'Invalid refresh token';

/** POST /auth/refresh-token, GET /auth/profile, POST /auth/logout. */
export async function sessionRoutes(app: FastifyInstance) {
  app.post('/refresh-token', async (request) => {
    const body = parse(refreshTokenRequestSchema, request.body);
    const result = await rotateRefreshToken(app.db, body.refreshToken, app.clock());
    if (!result.ok) {
      if (result.reason === 'reused') {
        await writeAudit(app.db, {
          adminId: result.adminId ?? null,
          action: 'auth.refresh.reuse',
          entity: 'admin',
          entityId: result.adminId ?? null,
          after: { ip: request.ip, revoked: 'family' },
        });
      }
      throw unauthorized(INVALID_REFRESH_TOKEN);
    }
    const admin = await findAdminById(app.db, result.adminId);
    if (!admin) throw unauthorized(INVALID_REFRESH_TOKEN);
    const data: RefreshTokenResponse = {
      tokens: { accessToken: await app.tokens.signAccess(admin.id, result.familyId), refreshToken: result.refreshToken },
      admin: toAdmin(admin),
    };
    return ok(data, 'Token refreshed');
  });

  app.get('/profile', { onRequest: app.requireAdmin }, async (request) => {
    const admin = await findAdminById(app.db, request.admin!.id);
    if (!admin) throw unauthorized();
    const data: ProfileResponse = { admin: toAdmin(admin) };
    return ok(data);
  });

  // Ends this session: its refresh tokens are revoked and the guard refuses its access tokens.
  app.post('/logout', { onRequest: app.requireAdmin }, async (request) => {
    const { id, familyId } = request.admin!;
    await app.db.transaction(async (tx) => {
      await revokeFamily(tx, familyId, app.clock());
      await writeAudit(tx, { adminId: id, action: 'auth.logout', entity: 'admin', entityId: id, after: { family: familyId } });
    });
    return ok(null, 'Logged out');
  });
}
