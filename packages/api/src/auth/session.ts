import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tokens } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { AdminRow } from '../db/schema/auth';
import { toAdmin } from './admin-store';
import { issueRefreshToken } from './refresh-tokens';
import { clearAccountFailures } from './throttle';

/** Completes a sign-in: a new refresh-token family (the session), an access token, an audit row. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: AdminRow,
  method: 'password' | 'totp' | 'backup_code',
) {
  const now = app.clock();
  const { refreshToken, familyId } = await app.db.transaction(async (tx) => {
    const issued = await issueRefreshToken(tx, admin.id, now);
    await clearAccountFailures(tx, admin.id);
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'auth.login.success',
      entity: 'admin',
      entityId: admin.id,
      after: { method, ip: request.ip, family: issued.familyId },
    });
    return issued;
  });
  const tokens: Tokens = { accessToken: await app.tokens.signAccess(admin.id, familyId), refreshToken };
  return { tokens, admin: toAdmin(admin) };
}
