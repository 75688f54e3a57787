import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addPasskeyRequestSchema,
  calls,
  passkeyIdParamSchema,
  type PasskeysResponse,
} from '@manager/contract';
import { writeAudit } from '../../db/audit';
import type { AdminRow } from '../../db/schema/auth';
import { route } from '../../lib/route';
import { badRequest, conflict, notFound, ok, parse, unauthorized } from '../../lib/envelope';
import { endOthers, findAdminById } from '../admin-repository';
import { lockAdmin } from '../admin-lock';
import { registrationOptions, verifyRegistration } from './ceremonies';
import {
  countPasskeys,
  deletePasskey,
  insertPasskey,
  listPasskeys,
  toPasskey,
  type CeremonyOwner,
} from './passkey-repository';

export const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
export const PASSKEY_TAKEN = 'This passkey is registered already';
/** Two-factor is required (REQUIRE_2FA): the admin keeps at least one second factor. */
export const LAST_PASSKEY =
  'Two-factor authentication is required: add another passkey or an authenticator app before removing your last passkey';

/**
 * The signed-in admin's own passkeys: list, register, remove. Registering and removing are
 * two-factor changes: they need a fresh step-up, end the admin's other sessions and void
 * sign-ins halfway through, as the authenticator's changes do (admin-repository.ts).
 */
export async function passkeySettingsRoutes(app: FastifyInstance) {
  async function currentAdmin(request: FastifyRequest): Promise<AdminRow> {
    const admin = await findAdminById(app.db, request.admin!.id);
    if (!admin) throw unauthorized();
    return admin;
  }
  const registering = (request: FastifyRequest): CeremonyOwner => ({
    adminId: request.admin!.id,
    purpose: 'register',
    ownerId: request.admin!.familyId,
  });

  route(app, calls.passkeys, async (request) => {
    const data: PasskeysResponse = {
      passkeys: (await listPasskeys(app.db, request.admin!.id)).map(toPasskey),
    };
    return ok(data);
  });

  route(app, calls.passkeyRegistrationOptions, async (request) => {
    const admin = await currentAdmin(request);
    return ok(
      await registrationOptions(app.db, app.config.webauthn, admin, registering(request), app.clock()),
      'Passkey registration started',
    );
  });

  route(app, calls.addPasskey, async (request) => {
    const body = parse(addPasskeyRequestSchema, request.body);
    const admin = await currentAdmin(request);
    const verified = await verifyRegistration(
      app.db,
      app.config.webauthn,
      registering(request),
      body.response,
      app.clock(),
    );
    if (!verified.ok) {
      request.log.info({ problem: verified.problem }, 'passkey registration refused');
      throw badRequest(PASSKEY_NOT_VERIFIED);
    }
    const now = app.clock();
    const added = await app.db.transaction(async (tx) => {
      await lockAdmin(tx, admin.id);
      const row = await insertPasskey(tx, { ...verified.passkey, name: body.name }, now);
      if (!row) return null;
      const sessionsEnded = await endOthers(tx, admin.id, request.admin!.familyId, now, app.config.session);
      await writeAudit(tx, {
        action: 'auth.passkey.add',
        entity: 'passkey',
        entityId: row.id,
        after: { name: row.name, sessionsEnded },
      });
      return row;
    });
    if (!added) throw conflict(PASSKEY_TAKEN);
    return ok(toPasskey(added), 'Passkey added');
  });

  // The count is taken with the admin row locked: turning the authenticator off locks it first
  // too, so the two racing cannot leave an admin who must have a second factor with none.
  route(app, calls.removePasskey, async (request) => {
    const { id } = parse(passkeyIdParamSchema, request.params, 'params');
    const adminId = request.admin!.id;
    const now = app.clock();
    await app.db.transaction(async (tx) => {
      await lockAdmin(tx, adminId);
      const admin = await findAdminById(tx, adminId);
      if (!admin) throw unauthorized();
      const removed = await deletePasskey(tx, adminId, id);
      if (!removed) throw notFound('Passkey not found');
      if (app.config.requireTwoFactor && !admin.twoFactorEnabled && (await countPasskeys(tx, adminId)) === 0)
        throw conflict(LAST_PASSKEY);
      const sessionsEnded = await endOthers(tx, adminId, request.admin!.familyId, now, app.config.session);
      await writeAudit(tx, {
        action: 'auth.passkey.remove',
        entity: 'passkey',
        entityId: id,
        before: { name: removed.name },
        after: { sessionsEnded },
      });
    });
    return ok(null, 'Passkey removed');
  });
}
