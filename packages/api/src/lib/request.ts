import type { FastifyRequest } from 'fastify';
import { idParamSchema } from '@manager/contract';
import { parse, unauthorized } from './envelope';

/** The signed-in admin's id (every route that writes sits behind the guard, which sets it). */
export function adminIdOf(request: FastifyRequest): number {
  if (!request.admin) throw unauthorized();
  return request.admin.id;
}

/** The numeric `:id` of the path; a bad one is a 400 naming `id`. */
export const idOf = (request: FastifyRequest): number => parse(idParamSchema, request.params, 'params').id;

/**
 * The path a request is handled as: its route's pattern (`/auth/login`, `/uploads/*`), which
 * the router matched after decoding, so `/%61uth/login` is `/auth/login` too; the raw path
 * when no route matched.
 */
export const routePathOf = (request: FastifyRequest): string =>
  request.routeOptions.url ?? request.url.split('?')[0] ?? '';
