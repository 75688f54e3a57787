import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  backupCodesRequestSchema,
  disable2faRequestSchema,
  enable2faRequestSchema,
  type BackupCodesResponse,
  type TwoFactorSetupResponse,
} from '@manager/contract';
import { writeAudit } from '../db/audit';
import { admins, type AdminRow } from '../db/schema/auth';
import { badRequest, ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, toAdmin } from './admin-store';
import { activatePendingCodes, deleteBackupCodes, generateBackupCodes, storeBackupCodes } from './backup-codes';
import { verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor';
import { isLocked, recordAccountFailure } from './throttle';
import { generateTotpSecret, matchTotpStep, otpauthUrl } from './totp';

// These calls carry a valid bearer token, so a wrong password or code is a 400, not a 401:
// a 401 would make the client refresh its token and retry for nothing.
export const INVALID_PASSWORD = 'Invalid password';
export const INVALID_CODE = 'Invalid verification code';
export const ALREADY_ENABLED = 'Two-factor authentication is already enabled';
export const NOT_ENABLED = 'Two-factor authentication is not enabled';
export const SETUP_EXPIRED = 'Two-factor setup has expired. Please start again.';

/** GET /auth/2fa/setup, POST /auth/2fa/enable, /disable, /backup-codes (all bearer). */
export async function twoFactorRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireAdmin);

  async function currentAdmin(request: FastifyRequest): Promise<AdminRow> {
    const admin = await findAdminById(app.db, request.admin!.id);
    if (!admin) throw unauthorized();
    return admin;
  }

  /** Password re-check for sensitive changes; failures count toward the account lock. */
  async function checkPassword(request: FastifyRequest, admin: AdminRow, password: string) {
    const now = app.clock();
    if (!isLocked(admin, now) && (await verifyPassword(admin.passwordHash, password))) return;
    await refuse(request, admin, 'auth.password.failure', INVALID_PASSWORD);
  }

  async function refuse(request: FastifyRequest, admin: AdminRow, action: string, message: string): Promise<never> {
    const now = app.clock();
    const locked = isLocked(admin, now) ? false : await recordAccountFailure(app.db, admin.id, now);
    await writeAudit(app.db, { adminId: admin.id, action, entity: 'admin', entityId: admin.id, after: { ip: request.ip, route: request.url, ...(locked ? { locked } : {}) } });
    throw badRequest(message);
  }

  app.get('/setup', async (request) => {
    const admin = await currentAdmin(request);
    if (admin.twoFactorEnabled) throw badRequest(ALREADY_ENABLED);
    const secret = generateTotpSecret();
    const backupCodes = generateBackupCodes();
    // Kept server-side until /enable proves the authenticator holds the secret.
    await app.db.transaction(async (tx) => {
      await tx.update(admins).set({ totpPendingSecret: secret, updatedAt: app.clock() }).where(eq(admins.id, admin.id));
      await storeBackupCodes(tx, admin.id, backupCodes, true);
    });
    const data: TwoFactorSetupResponse = { secret, backupCodes, otpauthUrl: otpauthUrl(admin.username, secret) };
    return ok(data, '2FA setup initialized');
  });

  // The body's backupCodes are the ones shown at setup; the server activates its own stored
  // (hashed) copy of them, so a client cannot choose its codes.
  app.post('/enable', async (request) => {
    const body = parse(enable2faRequestSchema, request.body);
    const admin = await currentAdmin(request);
    if (admin.twoFactorEnabled) throw badRequest(ALREADY_ENABLED);
    if (!admin.totpPendingSecret || admin.totpPendingSecret !== body.secret) throw badRequest(SETUP_EXPIRED);
    const step = matchTotpStep(admin.totpPendingSecret, body.token, app.clock().getTime() / 1000, admin.totpLastStep);
    if (step === null) throw badRequest(INVALID_CODE);
    const updated = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set({ twoFactorEnabled: true, totpSecret: admin.totpPendingSecret, totpPendingSecret: null, totpLastStep: step, updatedAt: app.clock() })
        // Conditional: a second /setup (another tab) since this admin was read replaced the
        // secret and the pending codes; enabling then would activate codes never shown here.
        .where(and(eq(admins.id, admin.id), eq(admins.totpPendingSecret, body.secret), eq(admins.twoFactorEnabled, false)))
        .returning();
      if (!row) throw badRequest(SETUP_EXPIRED);
      await activatePendingCodes(tx, admin.id);
      await writeAudit(tx, { adminId: admin.id, action: 'auth.2fa.enable', entity: 'admin', entityId: admin.id, before: { twoFactorEnabled: false }, after: { twoFactorEnabled: true } });
      return row!;
    });
    return ok({ admin: toAdmin(updated) }, '2FA enabled successfully');
  });

  app.post('/disable', async (request) => {
    const body = parse(disable2faRequestSchema, request.body);
    const admin = await currentAdmin(request);
    if (!admin.twoFactorEnabled) throw badRequest(NOT_ENABLED);
    await checkPassword(request, admin, body.password);
    if (!(await useSecondFactor(app.db, admin, body.twoFactorCode, app.clock()))) {
      await refuse(request, admin, 'auth.2fa.failure', INVALID_CODE);
    }
    const updated = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        // The replay guard belongs to the discarded secret: keeping its last step would refuse a
        // new secret's valid code for up to a minute after re-enabling.
        .set({ twoFactorEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: app.clock() })
        .where(eq(admins.id, admin.id))
        .returning();
      await deleteBackupCodes(tx, admin.id);
      await writeAudit(tx, { adminId: admin.id, action: 'auth.2fa.disable', entity: 'admin', entityId: admin.id, before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } });
      return row!;
    });
    return ok({ admin: toAdmin(updated) }, '2FA disabled successfully');
  });

  app.post('/backup-codes', async (request) => {
    const body = parse(backupCodesRequestSchema, request.body);
    const admin = await currentAdmin(request);
    if (!admin.twoFactorEnabled) throw badRequest(NOT_ENABLED);
    await checkPassword(request, admin, body.password);
    const backupCodes = generateBackupCodes();
    await app.db.transaction(async (tx) => {
      await storeBackupCodes(tx, admin.id, backupCodes, false);
      await writeAudit(tx, { adminId: admin.id, action: 'auth.2fa.backup_codes.regenerate', entity: 'admin', entityId: admin.id, after: { count: backupCodes.length } });
    });
    const data: BackupCodesResponse = { backupCodes };
    return ok(data, 'Backup codes regenerated successfully');
  });
}
