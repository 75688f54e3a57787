import type { FastifyRequest } from 'fastify';
import { readMultipartForm, type ImageUpload } from '../plugins/uploads';

export interface FormBody {
  fields: Record<string, unknown>;
  images: Record<string, ImageUpload>;
}

/**
 * Edits arrive as multipart (forms with a file) or as JSON (the status toggles send the row's
 * fields with status inverted); both become text/value fields plus checked images.
 */
export async function readFormOrJson(request: FastifyRequest): Promise<FormBody> {
  if (request.isMultipart()) return readMultipartForm(request);
  const body = request.body;
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { fields, images: {} };
}

/** The id of an admin the guard has already authenticated (routes sit behind requireAdmin). */
export const adminIdOf = (request: FastifyRequest): number | null => request.admin?.id ?? null;
