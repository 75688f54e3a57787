import type { FastifyRequest } from 'fastify';
import { idParamSchema } from '@manager/contract';
import { parse, unauthorized } from '../plugins/envelope';

/** The signed-in admin's id (every route that writes sits behind the guard, which sets it). */
export function adminIdOf(request: FastifyRequest): number {
  if (!request.admin) throw unauthorized();
  return request.admin.id;
}

/** The numeric `:id` of the path; a bad one is a 400 naming `id`. */
export const idOf = (request: FastifyRequest): number => parse(idParamSchema, request.params, 'params').id;
