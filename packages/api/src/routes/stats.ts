import type { FastifyInstance } from 'fastify';

export default async function statsRoutes(app: FastifyInstance) {}
