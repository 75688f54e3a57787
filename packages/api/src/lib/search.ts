import { eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { users } from '../db/schema/index';

/**
 * `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (escaped), so a search
 * for `50%` finds "50%" and not everything starting with 50. The trigram GIN indexes serve it.
 */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The text with LIKE's wildcards escaped, for patterns other than "contains" (a prefix). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Any of `columns` contains the text (case-insensitive); parenthesised, so it combines safely with `and`. */
export function containsAny(columns: SQLWrapper[], text: string): SQL {
  const pattern = likePattern(text);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** A search made only of digits may be a Telegram id (primary key lookup). */
export function asTelegramId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** Players whose username, first or last name contains the text (trigram indexes), or the exact Telegram id. */
export function playerSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const byName = containsAny([users.username, users.firstName, users.lastName], search);
  const id = asTelegramId(search);
  return id === null ? byName : or(byName, eq(users.telegramId, id));
}
