import { z } from 'zod';
import { CURRENCIES } from '../constants';

/** Every answer of the provider API: `{ code, message?, data }`; success is `code: 200`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string().optional(), data });
export type Envelope<T> = { code: number; message?: string; data: T };

/** Answers whose `data` is absent or irrelevant (delete, toggles, logout). */
export const messageEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

/* ---------- building blocks for querystrings and multipart text fields ---------- */

// Query strings and forms send "" for untouched inputs; treat it as absent, not as 0 or false.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A boolean that also accepts the strings "true"/"false" ("1"/"0"), as multipart and queries send. */
export const formBoolean = z.union([
  z.boolean(),
  z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] }),
]);

/** A finite number that also accepts a numeric string; "abc" and "" are rejected. */
export const formNumber = z.union([
  z.number(),
  z.string().trim().min(1).pipe(z.coerce.number()),
]).pipe(z.number().finite());

/** A non-negative number (prices, amounts, rates) from JSON or form text. */
export const formMoney = formNumber.pipe(z.number().min(0));

/** Optional text in a query: trimmed, blank means absent. */
export const queryText = z.preprocess(blankToUndefined, z.string().trim().max(200).optional());

/** Optional boolean in a query (`status=true`); blank means absent. */
export const queryBoolean = z.preprocess(blankToUndefined, formBoolean.optional());

/** Optional number in a query (`minAmount=1.5`); blank means absent. */
export const queryNumber = z.preprocess(blankToUndefined, formNumber.optional());

/** Optional date in a query (ISO date or date-time); blank means absent. */
export const queryDate = z.preprocess(blankToUndefined, z.coerce.date().optional());

/** Parses a JSON string (multipart field) before validating it; objects pass through. */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid JSON', input: value });
      return z.NEVER;
    }
  }, schema);

/** `?page&limit&search` with the page size of docs/api.md as default and a ceiling against abuse. */
export const pageQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
    limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit)),
    search: queryText,
  });
export type PageQuery = z.infer<ReturnType<typeof pageQuery>>;

/** Largest PostgreSQL `integer`: a bigger id would be a database error (500), not a 400. */
export const PG_INT_MAX = 2_147_483_647;
/** A row id (serial integer column), from JSON or a path/form string. */
export const rowIdSchema = z.coerce.number().int().positive().max(PG_INT_MAX);

/** Path parameter `:id` (numeric id). */
export const idParamSchema = z.object({ id: rowIdSchema });

/** Path parameter `:telegramId` (digits only). */
export const telegramIdParamSchema = z.object({
  telegramId: z
    .string()
    .regex(/^\d{1,16}$/, 'telegramId must be digits')
    .transform(Number)
    .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER)),
});

/** Dates travel as ISO strings in JSON. */
export const isoDate = z.string();

/** A person as shown in rows and cards (avatar, names, premium star). */
export const personSchema = z.object({
  avatar: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  telegramId: z.coerce.number().int().optional(),
  isPremium: z.boolean().optional(),
});
export type Person = z.infer<typeof personSchema>;

export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/**
 * Telegram ids exceed 2^31 but stay below 2^53, so they travel as JSON numbers (the database
 * column is bigint in number mode); numeric strings are accepted and coerced.
 */
export const telegramIdSchema = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Server pagination block; each list names its total differently (`totalItems`, `totalOrders`...). */
export const paginationOf = <K extends string>(totalKey: K) =>
  z.object({ totalPages: z.number().int().min(0), currentPage: z.number().int().optional() }).extend({
    [totalKey]: z.number().int().min(0),
  } as Record<K, z.ZodNumber>);
