import type { AsyncLocalStorage } from 'node:async_hooks';
import { asyncLocalStorage, requestContext } from '@fastify/request-context';
import type { FastifyRequest } from 'fastify';
import { consoleVersionOf } from './console-version';

/**
 * Who is making the changes of the code running now, as the audit rows record it. A request
 * opens its actor in `plugins/request-context.ts`; a background job or command runs under
 * `runAsSystem`. Repositories never pass any of this along: `writeAudit` reads it here.
 */
export interface Actor {
  /** The signed-in admin, read when a row is written: the bearer guard runs after the actor is set. */
  adminId(): number | null;
  /** The job or command acting when no admin does (`system:reconcile`), else null. */
  system: string | null;
  /** The client's address as the app computes it (TRUST_PROXY decides whom to believe). */
  ip: string | null;
  userAgent: string | null;
  /** The console builds the admin runs (`X-Console-Version`), null when the call does not say. */
  consoleVersion: string | null;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    actor: Actor;
  }
}

/** A user agent longer than this is cut: the header is the client's to choose. */
export const USER_AGENT_MAX = 512;

export const requestActor = (request: FastifyRequest): Actor => ({
  adminId: () => request.admin?.id ?? null,
  system: null,
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  // A header that is not valid never reaches a handler (plugins/console-version.ts answers 400).
  consoleVersion: consoleVersionOf(request.headers).value,
});

/** Outside any request and job (a script calling a repository): nobody known. */
const NOBODY: Actor = { adminId: () => null, system: null, ip: null, userAgent: null, consoleVersion: null };

export const currentActor = (): Actor => requestContext.get('actor') ?? NOBODY;

/**
 * Runs `work` as the job or command `name` (`system:mailing`): its rows have no admin, IP, user
 * agent or console version. A job started from a request (a mailing's delivery) runs under it
 * too, so the rows it writes later are not taken for that request's admin.
 */
export function runAsSystem<T>(name: string, work: () => Promise<T>): Promise<T> {
  return runAsActor({ ...NOBODY, system: name }, work);
}

/**
 * Runs `work` as `actor`: work that outlives the context it was started in (the last step of a
 * streamed answer, run from the socket's events) still records who asked for it.
 */
export function runAsActor<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  // The plugin's storage holds the context data object; its declared type is narrower than what it stores.
  return (asyncLocalStorage as unknown as AsyncLocalStorage<{ actor: Actor }>).run({ actor }, work);
}
