import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setAdminRolesRequestSchema, type AdminRequestKind } from '@manager/contract';
import { admins } from '../../db/schema/auth';
import { conflict, notFound, ok, parse } from '../../lib/envelope';
import {
  createRequest,
  disableAdmin,
  heldRoleIds,
  keepAnOwner,
  lockAdminManagement,
  pendingRequest,
  removeRoles,
} from './manage-repository';
import { requestById } from './read-repository';
import { grantedBy, pickRoles, requireHolds, roleDefinitions } from './roles';
import { ADMIN_NOT_FOUND, adminRow, me, otherAdminId } from './caller';

export const NOT_DISABLED = 'This administrator is not disabled';
export const NEVER_ENROLLED = 'This administrator has not enrolled yet';

const statusOf = async (tx: Parameters<typeof heldRoleIds>[0], id: number) => {
  const [row] = await tx
    .select({ status: admins.status, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, id));
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return { status: row.status, enrolled: row.passwordHash !== null };
};

/**
 * PUT /admins/:id/roles: the roles taken away go at once (the last active Owner keeps Owner);
 * those added become a pending grant, which the caller may only ask for when they hold every
 * permission it gives.
 */
export async function changeRoles(app: FastifyInstance, request: FastifyRequest) {
  const id = otherAdminId(request, 'You cannot change your own roles');
  const body = parse(setAdminRolesRequestSchema, request.body);
  const roles = await roleDefinitions(app.db);
  pickRoles(roles, body.roles);
  const requestId = await app.db.transaction(async (tx) => {
    await lockAdminManagement(tx);
    const { status } = await statusOf(tx, id);
    const held = await heldRoleIds(tx, id);
    const added = body.roles.filter((r) => !held.includes(r));
    const removed = held.filter((r) => !body.roles.includes(r));
    requireHolds(me(request).permissions, grantedBy(pickRoles(roles, added)));
    if (removed.includes('owner') && status === 'active') await keepAnOwner(tx, id);
    await removeRoles(tx, id, held, removed);
    return added.length > 0 ? createRequest(tx, 'grant', id, me(request).id, added, app.clock()) : null;
  });
  const pending = requestId === null ? null : ((await requestById(app.db, roles, requestId)) ?? null);
  return ok(
    { admin: await adminRow(app.db, id), request: pending },
    pending ? 'Roles changed; the new ones await approval' : 'Roles changed',
  );
}

/** POST /admins/:id/disable: at once, every session ended; never the last active Owner. */
export async function disable(app: FastifyInstance, request: FastifyRequest) {
  const id = otherAdminId(request, 'You cannot disable yourself');
  await app.db.transaction(async (tx) => {
    await lockAdminManagement(tx);
    const { status } = await statusOf(tx, id);
    if (status === 'disabled') return;
    if (status === 'active' && (await heldRoleIds(tx, id)).includes('owner')) await keepAnOwner(tx, id);
    await disableAdmin(tx, id, status, app.clock(), app.config.session);
  });
  return ok({ admin: await adminRow(app.db, id) }, 'Administrator disabled');
}

/**
 * POST /admins/:id/enable and /reset-second-factor: a pending request a second admin decides
 * (asking again while one waits answers the same one). Enabling is for a disabled admin who
 * enrolled; a reset for an admin who enrolled.
 */
export async function requestFor(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: Exclude<AdminRequestKind, 'grant'>,
) {
  const id = otherAdminId(request, 'You cannot ask this for yourself');
  const requestId = await app.db.transaction(async (tx) => {
    await lockAdminManagement(tx);
    const { status, enrolled } = await statusOf(tx, id);
    if (!enrolled) throw conflict(NEVER_ENROLLED);
    if (kind === 'enable' && status !== 'disabled') throw conflict(NOT_DISABLED);
    return (
      (await pendingRequest(tx, kind, id)) ?? createRequest(tx, kind, id, me(request).id, [], app.clock())
    );
  });
  const created = await requestById(app.db, await roleDefinitions(app.db), requestId);
  if (!created) throw notFound();
  return ok({ request: created }, 'Request awaits approval');
}
