import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { decimalTextToNumber, IMAGE_UPLOAD_MAX_BYTES } from '@manager/contract';
import { AppError, badRequest } from './envelope';
import type { ImageUpload } from './images';
import { multipartFormOf, type MultipartForm } from './multipart-forms';
import { stageImagePart } from './staged-uploads';

interface FormBody {
  fields: Record<string, unknown>;
  images: Record<string, ImageUpload>;
}

/**
 * The most bytes one text field may carry. The longest a form sends are a loot box's
 * `rewards` (at most 50 rewards as JSON, about 20 KB) and a mailing message (4096 characters,
 * at most 12 KB of UTF-8); each schema bounds its own fields tighter.
 */
export const FORM_TEXT_MAX_BYTES = 64 * 1024;
/** The most files one request may carry. */
export const FORM_FILES_MAX = 10;
/** The largest multipart body: every file at its largest, plus room for the text fields and part headers. */
export const FORM_BODY_MAX_BYTES = FORM_FILES_MAX * IMAGE_UPLOAD_MAX_BYTES + 1024 * 1024;

const nameOf = (name: string | undefined) => name || '(no name)';

/** A text part's value, refused once it passes FORM_TEXT_MAX_BYTES (the rest is never read). */
async function readText(part: MultipartFile): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_TEXT_MAX_BYTES)
      throw badRequest(`${part.fieldname}: must be at most ${FORM_TEXT_MAX_BYTES / 1024} KB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a part the form takes, or refuses it by name before reading any of it. */
async function readPart(
  request: FastifyRequest,
  form: MultipartForm,
  part: MultipartFile,
  into: FormBody & { files: number },
): Promise<void> {
  const name = part.fieldname;
  // Every part arrives as a stream (see readMultipartForm); only a file part has a file name.
  const isText = (part.filename as string | undefined) === undefined;
  if (isText && !form.text.has(name))
    throw badRequest(`${nameOf(name)}: ${form.isFile(name) ? 'Expected a file' : 'Unexpected field'}`);
  if (!isText && !form.isFile(name))
    throw badRequest(
      `${nameOf(name)}: ${form.text.has(name) ? 'Expected text, not a file' : 'Unexpected file field'}`,
    );
  if (Object.hasOwn(into.fields, name) || Object.hasOwn(into.images, name))
    throw badRequest(`${name}: Sent more than once`);
  if (isText) {
    into.fields[name] = await readText(part);
    return;
  }
  if (++into.files > FORM_FILES_MAX) throw badRequest(`${name}: At most ${FORM_FILES_MAX} files per request`);
  if (part.filename) into.images[name] = await stageImagePart(request, part);
  else await finished(part.file.resume()); // an empty file input: no file
}

/**
 * Reads the multipart form of the call `request` was routed to (lib/multipart-forms.ts, or
 * `formOfRoute` for a route outside the contract): text fields by name, image files received to disk and checked but not yet stored, so a route
 * validates the fields first and stores images only for a request it accepts
 * (`withStoredImages`); files it does not store are removed when the response ends.
 *
 * Nothing is held beyond what the form takes: a part under a name the call does not know, a
 * second part of one name, a text past FORM_TEXT_MAX_BYTES, a file past the image limit or
 * past FORM_FILES_MAX files is a 400 naming the field as soon as its headers (or that byte)
 * arrive, and a body declared larger than FORM_BODY_MAX_BYTES is a 413 before any of it is
 * read. The rest of a refused body is not read: the connection closes after the answer
 * (plugins/uploads.ts). An empty file input counts as absent.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  formOfRoute?: MultipartForm,
): Promise<{ fields: Record<string, string>; images: Record<string, ImageUpload> }> {
  if (!request.isMultipart()) throw badRequest('body: Expected multipart/form-data');
  const form = formOfRoute ?? multipartFormOf(request);
  const declared = decimalTextToNumber(request.headers['content-length'] ?? '');
  if (declared !== null && declared > FORM_BODY_MAX_BYTES) {
    throw new AppError(413, `body: A form must be at most ${FORM_BODY_MAX_BYTES / (1024 * 1024)} MB`);
  }
  const body = { fields: {} as Record<string, string>, images: {} as Record<string, ImageUpload>, files: 0 };
  // Every part as a stream, text included: busboy would buffer a text field whole (up to its
  // fieldSize) before telling its name. The counts are a backstop: readPart refuses first.
  const parts = request.parts({
    isPartAFile: () => true,
    limits: {
      parts: form.text.size + FORM_FILES_MAX + 1,
      files: form.text.size + FORM_FILES_MAX + 1,
      fileSize: IMAGE_UPLOAD_MAX_BYTES,
    },
  });
  let current: MultipartFile | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') throw new Error('a multipart text part was buffered, not streamed');
      current = part;
      await readPart(request, form, part, body);
    }
  } catch (error) {
    // An unread part holds the parser: ending it ends the parsing, the body is not read further.
    current?.file.destroy();
    throw error;
  }
  return { fields: body.fields, images: body.images };
}

/**
 * Edits arrive as multipart (forms with a file) or as JSON (the status toggles send the row's
 * fields with status inverted); both become text/value fields plus checked images.
 */
export async function readFormOrJson(request: FastifyRequest): Promise<FormBody> {
  if (request.isMultipart()) return readMultipartForm(request);
  const body = request.body;
  const fields =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return { fields, images: {} };
}

/** A 400 naming the first file field the call does not take. */
export function refuseOtherFiles(images: Record<string, ImageUpload>, allowed: readonly string[]): void {
  const stray = Object.keys(images).find((field) => !allowed.includes(field));
  if (stray) throw badRequest(`${stray}: Unexpected file field`);
}
