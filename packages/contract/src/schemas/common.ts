import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';

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

/* ---------- what the database can hold: every request schema is built from these ---------- */

const LONE_SURROGATE = /\p{Cs}/u;
/**
 * PostgreSQL refuses NUL in text (SQLSTATE 22021) and in jsonb (22P05). An unpaired UTF-16
 * surrogate has no UTF-8 form: jsonb refuses its escape (22P02) and a text column would
 * silently get U+FFFD instead.
 */
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const STORABLE_TEXT_MESSAGE = 'must not contain NUL or unpaired surrogate characters';
/**
 * The most characters any request text may have: the longest field is a mailing message,
 * Telegram's message limit. Every field bounds it tighter where its column or use is smaller,
 * and the OpenAPI document states each field's bound as `maxLength`.
 */
export const TEXT_MAX = 4096;
/** Any text of a request (body, query, multipart field): a string the database can store, at most TEXT_MAX characters. */
export const text = z.string().max(TEXT_MAX).refine(isStorableText, STORABLE_TEXT_MESSAGE);

/**
 * A link players or admins open (task, mailing button, tournament): `http://` or `https://`
 * and nothing else, since a `javascript:` or `data:` link in a mailing would run in the
 * players' client. Whitespace and control characters are refused rather than dropped, so the
 * stored link is the one typed. The console's forms check links with this same function.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s\p{Cc}]/u.test(value) || !isStorableText(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}
export const HTTP_URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://';
/** The longest link or image address a request may carry (what browsers and bots handle everywhere). */
export const URL_MAX = 2048;
/** A link field: trimmed, at most URL_MAX characters, see `isHttpUrl`. */
export const httpUrl = text.trim().max(URL_MAX).refine(isHttpUrl, HTTP_URL_MESSAGE);

// Query strings and forms send "" for untouched inputs; treat it as absent, not as 0 or false.
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A boolean that also accepts the strings "true"/"false" ("1"/"0"), as multipart and queries send. */
export const formBoolean = z.union([
  z.boolean(),
  z
    .string()
    .max('false'.length)
    .pipe(z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] })),
]);

/** The longest numeric text a field takes: an amount of numeric(20, 9) has 21 characters, with room for a sign and zeros. */
export const NUMBER_TEXT_MAX = 32;

/**
 * Numeric text as every request writes it: an optional `-`, digits, and optionally a point and
 * more digits. Nothing else reads as a number, unlike JavaScript's `Number()`: no whitespace,
 * no exponent (`1e3`), no hex, binary or octal (`0x10`, `0b11`, `0o7`), no `Infinity`, and ""
 * is not 0, so "0x0c" can never name row 12.
 */
export const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;
export const DECIMAL_MESSAGE = 'must be a number in plain decimal notation, such as 12 or 0.5';
/** The number `text` writes in plain decimal notation (`DECIMAL_TEXT`), else null. */
export const decimalTextToNumber = (text: string): number | null =>
  DECIMAL_TEXT.test(text) ? Number(text) : null;

/**
 * A number as the API reads it back (`DECIMAL_TEXT`): `String(1e-7)` is `1e-7`, which the API
 * refuses, so a form sends `0.0000001`. Integers and decimals print as `String` does otherwise.
 */
export const numberToDecimalText = (value: number): string =>
  value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * A number within `bounds`, from JSON or as numeric text in plain decimal notation (query,
 * path, multipart field, a JSON string): the one reading of numbers every request piece builds
 * on. Decimal text keeps the exact value `Number()` gives it, then meets the same bounds; the
 * API document shows them on the JSON number. A JSON number out of bounds is refused with the
 * bound's own message, anything else with DECIMAL_MESSAGE.
 */
export const boundedNumber = <T extends z.ZodNumber>(bounds: T) =>
  z
    .union([bounds, z.string().max(NUMBER_TEXT_MAX).regex(DECIMAL_TEXT, DECIMAL_MESSAGE)], {
      error: (issue) => (typeof issue.input === 'number' ? issue.errors[0]?.[0]?.message : DECIMAL_MESSAGE),
    })
    .transform((value) => (typeof value === 'number' ? value : decimalTextToNumber(value)!))
    .pipe(bounds);

/** Any finite number, from JSON or as decimal text (`boundedNumber`). Bound it before use. */
export const formNumber = boundedNumber(z.number());

/** Largest PostgreSQL `integer`: a bigger id would be a database error (500), not a 400. */
export const PG_INT_MAX = 2_147_483_647;

/** Every TON amount, price and rate column is numeric(20, 9): 11 digits before the point, 9 after. */
export const MONEY_LIMIT = 100_000_000_000;
const MONEY_DECIMALS = 9;
/** True when `n` is (the nearest double to) a number of at most 9 decimals. */
const fitsMoneyScale = (n: number) => Number(n.toFixed(MONEY_DECIMALS)) === n;
const boundedAmount = z
  .number()
  .min(0)
  .lt(MONEY_LIMIT, 'must have at most 11 digits before the decimal point');

/** A non-negative amount for a numeric(20, 9) column (prices, rewards, rates). */
export const money = boundedAmount.refine(fitsMoneyScale, `must have at most ${MONEY_DECIMALS} decimals`);
/** `money` from JSON or form text. */
export const formMoney = formNumber.pipe(money);

/**
 * A non-negative amount kept inside a JSON document (a loot-box reward's Stars value): bounded
 * like money, with the decimals a computation gives (1.001 TON x 250 is 250.24999999999997 Stars).
 */
export const jsonAmount = formNumber.pipe(boundedAmount);

/*
 * Dates: ISO 8601 text, a date ("2026-05-01") or a date-time with or without seconds, fraction
 * and offset ("2026-05-01T18:30" from a datetime-local input, "2026-05-01T18:30:00.000Z").
 * The instant must fall in the years 1 to 9999: PostgreSQL refuses year 0, and beyond 9999
 * JavaScript writes "+010000-01-01T..." which PostgreSQL refuses too.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const DATE_RANGE_MESSAGE = 'must be a date in the years 1 to 9999';
const isDateInRange = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return ISO_DATE.test(value) && year >= 1 && year <= 9999;
};
/** The longest text ISO_DATE allows: "2026-05-01T18:30:00.123456789+05:30". */
export const DATE_TEXT_MAX = 35;
/** A date or date-time as text (kept as sent), see above. */
export const dateText = text.trim().max(DATE_TEXT_MAX).refine(isDateInRange, DATE_RANGE_MESSAGE);

/** The longest search or other text a query takes. */
export const QUERY_TEXT_MAX = 200;
/** Optional text in a query: trimmed, blank means absent. */
export const queryText = z.preprocess(blankToUndefined, text.trim().max(QUERY_TEXT_MAX).optional());

/** Optional boolean in a query (`status=true`); blank means absent. */
export const queryBoolean = z.preprocess(blankToUndefined, formBoolean.optional());

/** Optional amount in a query (`minAmount=1.5`); blank means absent. */
export const queryMoney = z.preprocess(blankToUndefined, formMoney.optional());

/** Optional date in a query (ISO date or date-time, years 1 to 9999); blank means absent. */
export const queryDate = z.preprocess(blankToUndefined, dateText.transform((s) => new Date(s)).optional());

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
    page: z.preprocess(blankToUndefined, boundedNumber(z.number().int().min(1)).default(1)),
    limit: z.preprocess(
      blankToUndefined,
      boundedNumber(z.number().int().min(1).max(maxLimit)).default(defaultLimit),
    ),
    search: queryText,
  });
export type PageQuery = z.infer<ReturnType<typeof pageQuery>>;

/**
 * The query of a list the provider's API answers whole (`docs/api.md#lists`): without `page`
 * the answer is the whole list, as the provider sends it; with `page` it is that page of
 * `limit` rows with the list's `pagination` (and its counters over the filtered set). Search,
 * filters and sort apply in both forms.
 */
export const wholeOrPageQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.preprocess(blankToUndefined, boundedNumber(z.number().int().min(1).max(PG_INT_MAX)).optional()),
    limit: z.preprocess(
      blankToUndefined,
      boundedNumber(z.number().int().min(1).max(maxLimit)).default(defaultLimit),
    ),
    search: queryText,
  });

/**
 * The query of a list's CSV export: the list's own query without `page` and `limit` (every
 * row of the current search, filters and sort; `docs/api.md#csv-exports`).
 */
export const exportQueryOf = <S extends z.ZodObject<{ page: z.ZodType; limit: z.ZodType }>>(schema: S) =>
  schema.omit({ page: true, limit: true });

/** A list's sort: `key` ascending, `-key` descending; blank means the list's default order. */
export type SortParam<K extends string> = K | `-${K}`;
export const sortParam = <const K extends string>(keys: readonly [K, ...K[]]) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(Math.max(...keys.map((key) => key.length)) + 1)
      .refine(
        (v) => keys.includes(v.replace(/^-/, '') as K),
        `must be one of ${keys.join(', ')}, optionally prefixed with -`,
      )
      .transform((v) => v as SortParam<K>)
      .optional(),
  );

/** An optional filter taking one of `values` (blank: all). */
export const queryEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values).optional());

/** A row id (serial integer column), from JSON or a path/form string. */
export const rowIdSchema = boundedNumber(z.number().int().positive().max(PG_INT_MAX));

/** The digits of the largest row id: the longest `:id` a path may carry. */
export const ROW_ID_DIGITS = String(PG_INT_MAX).length;
/** Path parameter `:id` (numeric id): decimal digits, at most ROW_ID_DIGITS of them. */
export const idParamSchema = z.object({
  id: z
    .string()
    .max(ROW_ID_DIGITS)
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(PG_INT_MAX)),
});

/** Path parameter `:telegramId` (digits only). */
export const telegramIdParamSchema = z.object({
  telegramId: z
    .string()
    .max(16)
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
 * column is bigint in number mode); decimal text is accepted too (`boundedNumber`).
 */
export const telegramIdSchema = boundedNumber(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** Server pagination block; each list names its total differently (`totalItems`, `totalOrders`...). */
export const paginationOf = <K extends string>(totalKey: K) =>
  z.object({ totalPages: z.number().int().min(0), currentPage: z.number().int().optional() }).extend({
    [totalKey]: z.number().int().min(0),
  } as Record<K, z.ZodNumber>);
