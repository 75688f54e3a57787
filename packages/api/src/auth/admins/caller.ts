import type { FastifyRequest } from 'fastify';
import { idParamSchema, type AdminRow } from '@manager/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound, parse, unauthorized } from '../../lib/envelope';
import { adminRowById } from './read-repository';
import { roleDefinitions } from './roles';

export const ADMIN_NOT_FOUND = 'Administrator not found';

/** The signed-in admin of a request behind the bearer guard. */
export function me(request: FastifyRequest) {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

/** `:id` of the path, and 400 naming `id` when it is the caller: nobody manages themself here. */
export function otherAdminId(request: FastifyRequest, refusal: string): number {
  const { id } = parse(idParamSchema, request.params, 'params');
  if (id === me(request).id) throw badRequest(`id: ${refusal}`);
  return id;
}

export async function adminRow(db: Db, id: number): Promise<AdminRow> {
  const row = await adminRowById(db, await roleDefinitions(db), id);
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return row;
}
