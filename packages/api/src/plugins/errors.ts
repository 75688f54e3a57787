import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, describeZodError } from './envelope';

/**
 * Every failure leaves as `{ code: <status>, message }` with a non-2xx status: the client shows
 * `message`. Unexpected errors are logged and answered 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // The client sends `Content-Type: application/json` even on body-less POSTs (logout):
  // an empty JSON body means "no body", not a parse error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(req, text, done);
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.statusCode, message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ code: 400, message: describeZodError(error) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Framework errors (bad JSON, body too large, unsupported media type) keep their status.
      return reply.status(status).send({ code: status, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, message: 'Internal server error' });
  });

  app.setNotFoundHandler(sendRouteNotFound);
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send({ code: 404, message: `Route ${request.method} ${path} not found` });
}
