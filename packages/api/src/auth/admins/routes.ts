import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, createRoleRequestSchema, idParamSchema, inviteAdminRequestSchema } from '@manager/contract';
import { writeAudit } from '../../db/audit';
import { adminRoles } from '../../db/schema/roles';
import { route } from '../../lib/route';
import { conflict, notFound, ok, parse } from '../../lib/envelope';
import { decideRequest, REQUEST_NOT_FOUND } from './decide-repository';
import { inviteAdmin } from './invite-repository';
import { listAdminRows, listRequests, requestById } from './read-repository';
import { grantedBy, pickRoles, requireHolds, roleDefinitions } from './roles';
import { changeRoles, disable, requestFor } from './change-routes';
import { adminRow, me } from './caller';

export const LOGIN_TAKEN = 'An administrator with this username or e-mail already exists';
export const ROLE_NAME_TAKEN = 'A role with this name already exists';

/** A readable id for a custom role: its name in lower case, letters and digits joined by dashes. */
const roleId = (name: string) =>
  `custom-${
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 48) || 'role'
  }`;

/**
 * Administrators and roles (docs/api.md, Administrators; docs/security.md, Administrators and
 * four eyes): every call needs `admins.manage`. What widens anyone's rights (a grant, enabling,
 * a second-factor reset) is a request a second admin decides; what narrows them applies at once.
 */
export default async function adminRoutes(app: FastifyInstance) {
  route(app, calls.admins, async () =>
    ok({ items: await listAdminRows(app.db, await roleDefinitions(app.db)) }),
  );

  route(app, calls.adminRoles, async () => ok({ items: await roleDefinitions(app.db) }));

  route(app, calls.createAdminRole, async (request) => {
    const body = parse(createRoleRequestSchema, request.body);
    requireHolds(me(request).permissions, body.permissions);
    const existing = await roleDefinitions(app.db);
    const id = roleId(body.name);
    if (existing.some((r) => r.id === id || r.name.toLowerCase() === body.name.toLowerCase()))
      throw conflict(ROLE_NAME_TAKEN);
    const role = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminRoles)
        .values({
          id,
          name: body.name,
          builtIn: false,
          permissions: body.permissions,
          createdAt: app.clock(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(ROLE_NAME_TAKEN);
      await writeAudit(tx, {
        action: 'admin.role.created',
        entity: 'role',
        entityId: row.id,
        after: { name: row.name, permissions: row.permissions },
      });
      return { id: row.id, name: row.name, builtIn: false, permissions: body.permissions };
    });
    return ok({ role }, 'Role created');
  });

  route(app, calls.inviteAdmin, async (request) => {
    const body = parse(inviteAdminRequestSchema, request.body);
    const roles = pickRoles(await roleDefinitions(app.db), body.roles);
    requireHolds(me(request).permissions, grantedBy(roles));
    const invited = await inviteAdmin(app.db, {
      login: body.login,
      roles: body.roles,
      invitedBy: me(request).id,
      now: app.clock(),
    });
    if (!invited) throw conflict(LOGIN_TAKEN);
    const admin = await adminRow(app.db, invited.adminId);
    return ok(
      { admin, link: `/enrol/${invited.token}`, expiresAt: invited.expiresAt.toISOString() },
      'Administrator invited',
    );
  });

  route(app, calls.setAdminRoles, async (request) => changeRoles(app, request));
  route(app, calls.disableAdmin, async (request) => disable(app, request));
  route(app, calls.enableAdmin, async (request) => requestFor(app, request, 'enable'));
  route(app, calls.resetAdminSecondFactor, async (request) =>
    requestFor(app, request, 'reset-second-factor'),
  );

  route(app, calls.adminRequests, async () =>
    ok({ items: await listRequests(app.db, await roleDefinitions(app.db)) }),
  );

  const decide = (approve: boolean) => async (request: FastifyRequest) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    const roles = await roleDefinitions(app.db);
    await decideRequest(app.db, {
      id,
      approve,
      deciderId: me(request).id,
      held: me(request).permissions,
      roles,
      now: app.clock(),
      limits: app.config.session,
    });
    const decided = await requestById(app.db, roles, id);
    if (!decided) throw notFound(REQUEST_NOT_FOUND);
    return ok({ request: decided }, approve ? 'Request approved' : 'Request rejected');
  };
  route(app, calls.approveAdminRequest, decide(true));
  route(app, calls.rejectAdminRequest, decide(false));
}
