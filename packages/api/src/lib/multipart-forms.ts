import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiPath, calls, REWARD_FILE_FIELD, SETTINGS_IMAGE_FIELDS, type CallSpec } from '@manager/contract';

/** What a multipart body of one call may hold: by field name, text or file. */
export interface MultipartForm {
  /** The text fields: the keys of the call's body schema. */
  text: ReadonlySet<string>;
  /** Whether a file may come under this name. */
  isFile: (name: string) => boolean;
}

const named =
  (...names: readonly string[]) =>
  (name: string) =>
    names.includes(name);

/**
 * The file fields of every multipart call (`multipart: true` in the contract); its text fields
 * are the keys of its body schema. A part under any other name is refused before its value is
 * read (request-body.ts).
 */
const FILE_FIELDS = new Map<CallSpec, (name: string) => boolean>([
  [calls.createTask, named('photo')],
  [calls.updateTask, named('photo')],
  [calls.createShopItem, named('photo', 'thumb')],
  [calls.updateShopItem, named('photo', 'thumb')],
  [calls.createLootBox, (name) => name === 'image' || REWARD_FILE_FIELD.test(name)],
  [calls.updateLootBox, (name) => name === 'image' || REWARD_FILE_FIELD.test(name)],
  [calls.createMailing, named('image')],
  [calls.updateMailing, named('image')],
  [calls.createTournament, named('tournamentsImage')],
  [calls.updateTournament, named('tournamentsImage')],
  [calls.createGiveaway, named('previewImage')],
  [calls.updateGiveaway, named('previewImage')],
  [calls.updateSettings, named(...SETTINGS_IMAGE_FIELDS)],
]);

/** The keys of an object schema, also behind the transforms a body schema may end with. */
function fieldNamesOf(schema: z.ZodType): string[] {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.ZodType };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe' && def.in) return fieldNamesOf(def.in);
  throw new Error(`a multipart body schema must be an object, not ${def.type}`);
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** Built once: a multipart call without a file list, or without an object body, fails at start-up. */
const FORMS = new Map<string, MultipartForm>(
  Object.values(calls as Record<string, CallSpec>)
    .filter((call) => call.multipart)
    .map((call) => {
      const isFile = FILE_FIELDS.get(call);
      if (!isFile || !call.body)
        throw new Error(
          `${call.method} ${call.path}: a multipart call needs a body schema and its file fields`,
        );
      return [routeKey(call.method, apiPath(call.path)), { text: new Set(fieldNamesOf(call.body)), isFile }];
    }),
);

/** The form of the call `request` was routed to; only multipart calls read a multipart body. */
export function multipartFormOf(request: FastifyRequest): MultipartForm {
  const form = FORMS.get(routeKey(request.method, request.routeOptions.url ?? ''));
  if (!form)
    throw new Error(`${request.method} ${request.routeOptions.url}: not a multipart call of the contract`);
  return form;
}
