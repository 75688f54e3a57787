import type { FastifyRequest } from 'fastify';
import {
  ACCESS_DENIED_MESSAGE,
  permissionsOf,
  SELF,
  type AccessDeniedData,
  type CallSpec,
  type Permission,
} from '@manager/contract';
import { AppError, unauthorized } from './envelope';

/**
 * Roles and permissions in the API (docs/security.md, Roles and permissions; docs/decisions/
 * 0019): the bearer guard reads the admin's roles with the session, `permissionHook` (added by
 * lib/route.ts) checks a call's `permission` before any work, and a handler that checks a part
 * of a change calls `requirePermission`. A refusal is AccessDenied: 403, recorded in the audit
 * trail by plugins/permissions.ts.
 */
export class AccessDenied extends AppError {
  constructor(readonly permission: Permission) {
    super(403, ACCESS_DENIED_MESSAGE, { permission } satisfies AccessDeniedData);
    this.name = 'AccessDenied';
  }
}

// Admins hold few distinct role sets: each set's union is computed once (bounded, in case).
const unions = new Map<string, ReadonlySet<Permission>>();
const UNIONS_MAX = 256;

/** The union of the permissions of `roles` and of the custom roles' `custom`, as a set. */
export function heldPermissions(
  roles: readonly string[],
  custom: readonly string[],
): ReadonlySet<Permission> {
  const key = `${roles.join(',')}|${custom.join(',')}`;
  let held = unions.get(key);
  if (!held) {
    if (unions.size >= UNIONS_MAX) unions.clear();
    held = permissionsOf(roles, custom);
    unions.set(key, held);
  }
  return held;
}

/** Refuses (AccessDenied, naming the first) unless the request's admin holds one of `anyOf`. */
export function requirePermission(request: FastifyRequest, anyOf: readonly Permission[]): void {
  const admin = request.admin;
  if (!admin) throw unauthorized();
  if (anyOf.some((p) => admin.permissions.has(p))) return;
  throw new AccessDenied(anyOf[0]!);
}

/** The permissions a call's hook checks (any of them lets in); null for SELF and calls without sign-in. */
export function callPermissions(call: CallSpec): readonly Permission[] | null {
  const { permission } = call;
  if (call.auth === false || permission === undefined || permission === SELF) return null;
  return typeof permission === 'string' ? [permission] : permission;
}

/** The onRequest hook of a call that names permissions: after the bearer guard, before anything else. */
export function permissionHook(anyOf: readonly Permission[]) {
  return async (request: FastifyRequest) => requirePermission(request, anyOf);
}
