import type { z } from 'zod';
import { SUCCESS_CODE } from '@manager/contract';

/** The success envelope of every call: `{ code: 200, message, data }`. */
export function ok<T>(data: T, message = 'Success') {
  return { code: SUCCESS_CODE, message, data };
}

/** The same envelope around `data` that is already JSON text (e.g. built by the database). */
export function okJson(dataJson: string, message = 'Success'): string {
  return `{"code":${SUCCESS_CODE},"message":${JSON.stringify(message)},"data":${dataJson}}`;
}

/**
 * An answer with a status and a message the client shows; the error handler wraps it. `data`,
 * when given, goes out as the envelope's `data` (a 409 carrying the current state).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, data);

/** `limit: Too big: expected number to be <=100`: the first issue, named by its field path. */
export function describeZodError(error: z.ZodError, root = 'body'): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : root}: ${issue.message}`)
    .join('; ');
}

/**
 * Validates input against a contract schema; a mismatch is a 400 naming the field, never a 500.
 * `where` names the whole value when the issue has no path (a missing body, a non-object query).
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, describeZodError(result.error, where));
  return result.data;
}
