import { BACKGROUND_HEADER, SUCCESS_CODE } from '@manager/contract';
import { http } from './client.ts';

/** zod's `safeParse`, structurally: the platform does not depend on zod itself. */
interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A read as `calls` in `@manager/contract` declares it: `fetchData(calls.users, ...)`. */
export interface ReadCall<T> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly response: ResponseSchema<T>;
}

interface Request {
  /** The query string; `undefined` values are left out. */
  params?: Record<string, unknown>;
  /** The JSON body of a read sent as POST. */
  body?: unknown;
  /**
   * Sent by the console on its own (polling), not by the admin: marked with BACKGROUND_HEADER,
   * so the server does not count it as activity and the session can reach its idle timeout.
   */
  background?: boolean;
}

/** A list that fails silently: the page shows `fallback` (an empty list, zeros, null). */
type SilentRead<F> = Request & { fallback: F };
/** A read whose failure the page shows: the promise rejects with an Error of this text. */
type LoudRead = Request & { error: string };

/**
 * Sends the call and parses the envelope's `data` with the call's schema. Any failure (no
 * answer, an error status, a `code` other than 200, data of the wrong shape) resolves
 * `fallback`, or rejects with `error`, whichever the options name.
 */
export function fetchData<T, F>(call: ReadCall<T>, options: SilentRead<F>): Promise<T | F>;
export function fetchData<T>(call: ReadCall<T>, options: LoudRead): Promise<T>;
export async function fetchData<T, F>(call: ReadCall<T>, options: SilentRead<F> | LoudRead): Promise<T | F> {
  const fail = (cause?: unknown): F => {
    if ('error' in options) throw new Error(options.error, cause === undefined ? undefined : { cause });
    return options.fallback;
  };
  const config = {
    ...(options.params ? { params: options.params } : {}),
    ...(options.background ? { headers: { [BACKGROUND_HEADER]: '1' } } : {}),
  };
  let body;
  try {
    body =
      call.method === 'POST'
        ? await http.post(call.path, options.body, config)
        : await http.get(call.path, config);
  } catch (error) {
    return fail(error);
  }
  if (body?.code !== SUCCESS_CODE) return fail();
  const parsed = call.response.safeParse(body.data);
  return parsed.success ? parsed.data : fail();
}
