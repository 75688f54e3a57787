import type { z } from 'zod';
import type { CallPermission } from '../permissions.ts';

/**
 * Every call of the API (`docs/api.md`): method, path and the schemas of its querystring, body
 * (JSON, or the text fields of a multipart body) and the `data` of its answer. Paths are as
 * the client writes them; the client prefixes `/manager` to those not under `/auth` or
 * `/manager`, and the server mounts them where `apiPath` says. `response` is absent when
 * the call answers nothing beyond `code`/`message`.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface CallSpec {
  readonly method: Method;
  /** `:name` marks a path parameter. */
  readonly path: string;
  readonly multipart?: boolean;
  /** false: no bearer token needed. */
  readonly auth?: false;
  /** What the admin must hold (`permissions.ts`); SELF: any signed-in admin, about themself. */
  readonly permission?: CallPermission;
  /**
   * The call needs a fresh step-up (`schemas/step-up.ts`), else it answers STEP_UP_STATUS:
   * `always`, or `conditional` when only some changes need one (the handler decides).
   */
  readonly stepUp?: 'always' | 'conditional';
  /** The path parameters (an object of every `:name`), as the server parses them. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
}
export const call = <const C extends CallSpec>(c: C) => c;
export const GET = 'GET',
  POST = 'POST',
  PUT = 'PUT',
  PATCH = 'PATCH',
  DELETE = 'DELETE';
