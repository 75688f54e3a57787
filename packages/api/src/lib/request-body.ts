import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../plugins/envelope';
import type { ImageUpload } from './images';
import { stageImagePart } from './staged-uploads';

interface FormBody {
  fields: Record<string, unknown>;
  images: Record<string, ImageUpload>;
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * Reads a whole multipart form: text fields by name, image files received to disk and checked
 * but not yet stored, so a route validates the fields first and stores images only for a
 * request it accepts (`withStoredImages`); files it does not store are removed when the
 * response ends. An empty file input counts as absent.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; images: Record<string, ImageUpload> }> {
  if (!request.isMultipart()) throw badRequest('body: Expected multipart/form-data');
  const fields: Record<string, string> = {};
  const images: Record<string, ImageUpload> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!part.filename) {
        await pipeline(part.file, discard());
        continue;
      }
      images[part.fieldname] = await stageImagePart(request, part);
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, images };
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

/** A 400 naming the first file field the call does not take. */
export function refuseOtherFiles(images: Record<string, ImageUpload>, allowed: readonly string[]): void {
  const stray = Object.keys(images).find((field) => !allowed.includes(field));
  if (stray) throw badRequest(`${stray}: Unexpected file field`);
}
