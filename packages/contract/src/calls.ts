import type { z } from 'zod';
import type { CallSpec } from './calls-by-area/call.ts';
import { authCalls } from './calls-by-area/auth.ts';
import { commerceCalls } from './calls-by-area/commerce.ts';
import { engagementCalls } from './calls-by-area/engagement.ts';
import { exportCalls } from './calls-by-area/exports.ts';
import { liveCalls } from './calls-by-area/live.ts';
import { settingsCalls } from './calls-by-area/settings.ts';
import { taskCalls } from './calls-by-area/tasks.ts';
import { transactionCalls } from './calls-by-area/transactions.ts';
import { userCalls } from './calls-by-area/users.ts';

export type { CallSpec } from './calls-by-area/call.ts';

/**
 * Every call of the API (`docs/api.md`), one table written in one file per area
 * (`calls-by-area/`): method, path, the permission it needs and the schemas of its querystring,
 * body and answer (`CallSpec`). Names are unique across areas (a unit test holds it).
 */
export const calls = {
  ...authCalls,
  ...userCalls,
  ...taskCalls,
  ...commerceCalls,
  ...transactionCalls,
  ...engagementCalls,
  ...settingsCalls,
  ...exportCalls,
  ...liveCalls,
} as const;

/** The `data` of a call's answer, for typed fetchers: `CallData<typeof calls.users>`; null when it has none. */
export type CallData<C extends CallSpec> = C['response'] extends z.ZodType ? z.output<C['response']> : null;
/** The querystring a call takes (before coercion: numbers may be given as numbers). */
export type CallQuery<C extends CallSpec> = C['query'] extends z.ZodType ? z.input<C['query']> : never;
/** The JSON body, or the text fields of the multipart body, a call takes. */
export type CallBody<C extends CallSpec> = C['body'] extends z.ZodType ? z.input<C['body']> : never;

/** Fills `:param` placeholders: `buildPath(calls.userDetail.path, { telegramId: 42 })`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The path on the server: `/auth/*` and `/manager/*` as is, the rest under `/manager`. */
export function apiPath(path: string): string {
  if (path.startsWith('/auth/') || path.startsWith('/manager/') || path === '/manager') return path;
  return `/manager${path}`;
}
