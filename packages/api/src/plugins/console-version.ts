import type { FastifyInstance } from 'fastify';
import { consoleVersionOf } from '../lib/console-version';
import { badRequest } from '../lib/envelope';

/**
 * A call whose `X-Console-Version` is not a valid one is refused with a 400 naming the header,
 * before any handler runs: the audit rows it would write never hold a value the API refuses.
 */
export function registerConsoleVersionCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const { problem } = consoleVersionOf(request.headers);
    if (problem) throw badRequest(problem);
  });
}
