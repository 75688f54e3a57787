import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallSpec } from '@manager/contract';
import type { Db } from '../db/client';
import { ok, parse } from './envelope';
import { checkAmounts, type Amount } from './amount-limits';
import { withStoredImages } from './images';
import type { ConfirmChange } from './money-changes';
import { adminIdOf, idOf } from './request';
import { readFormOrJson } from './request-body';
import { route } from './route';

/**
 * The save of a form with one optional image: multipart, or JSON from a status toggle. The
 * fields are validated against `schema` and their amounts against the configured limits
 * first; the image of `imageField` is stored only then, its name handed to `write`, and
 * removed again if `write` fails.
 */
async function saveWithImage<S extends z.ZodType, T>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: S,
  form: { imageField: string; amounts?: (body: z.output<S>) => Amount[] },
  write: (body: z.output<S>, image: string | undefined) => Promise<T>,
): Promise<T> {
  const { imageField } = form;
  const { fields, images } = await readFormOrJson(request);
  const body = parse(schema, fields);
  if (form.amounts) checkAmounts(app.config.amountLimits, form.amounts(body));
  return withStoredImages(app.images, { image: images[imageField] }, (names) => write(body, names.image));
}

/** A list of rows an admin creates, edits and deletes, each with one optional image (tasks, tournaments, giveaways). */
interface RowsWithImage<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  calls: { list: CallSpec; create: CallSpec; update: CallSpec; remove: CallSpec };
  /** The multipart field of the image. */
  imageField: string;
  /** The list's query (whole or by page, `docs/api.md#lists`); a bad value is a 400 naming it. */
  listQuery: L;
  createSchema: C;
  updateSchema: U;
  /** The amounts of a form (a reward, ticket prices), refused with a 400 above their limits (amount-limits.ts). */
  amounts?: (body: z.output<C> | z.output<U>) => Amount[];
  /**
   * The domain's repository; `now` is the app's clock (statuses that depend on the time);
   * `image` is the stored name ('' or absent: none / keep the stored one).
   */
  list(db: Db, query: z.output<L>, now: Date): Promise<unknown>;
  create(db: Db, adminId: number, body: z.output<C>, image: string): Promise<unknown>;
  /**
   * `confirm` is the step-up check (a `conditional` update call): the repository runs it, in its
   * transaction, when the save changes what players are paid or charged.
   */
  update(
    db: Db,
    adminId: number,
    id: number,
    body: z.output<U>,
    image: string | undefined,
    confirm: ConfirmChange,
  ): Promise<unknown>;
  remove(db: Db, adminId: number, id: number): Promise<void>;
  /** The success messages the console shows. */
  messages: { created: string; updated: string; deleted: string };
}

/** Registers the four calls of such a list: parse, call the repository, answer. */
export function rowsWithImageRoutes<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  spec: RowsWithImage<L, C, U>,
): void {
  const { messages } = spec;
  route(app, spec.calls.list, async (request) =>
    ok(await spec.list(app.db, parse(spec.listQuery, request.query, 'query'), app.clock())),
  );
  route(app, spec.calls.create, async (request) => {
    const save = (body: z.output<C>, image: string | undefined) =>
      spec.create(app.db, adminIdOf(request), body, image ?? '');
    return ok(await saveWithImage(app, request, spec.createSchema, spec, save), messages.created);
  });
  route(app, spec.calls.update, async (request) => {
    const id = idOf(request);
    const confirm: ConfirmChange = (tx) => app.requireStepUp(request, tx);
    const save = (body: z.output<U>, image: string | undefined) =>
      spec.update(app.db, adminIdOf(request), id, body, image, confirm);
    return ok(await saveWithImage(app, request, spec.updateSchema, spec, save), messages.updated);
  });
  route(app, spec.calls.remove, async (request) => {
    await spec.remove(app.db, adminIdOf(request), idOf(request));
    return ok(null, messages.deleted);
  });
}
