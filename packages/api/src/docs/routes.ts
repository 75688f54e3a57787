import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi';

/** GET /docs: the OpenAPI document of every call, built once from the contract (no API key, no sign-in). */
export default async function docsRoutes(app: FastifyInstance) {
  const document = openApiDocument(app.config);
  app.get('/docs', async () => document);
}
