import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `ILIKE '%text%'` with the user's `%`, `_` and `\` taken literally (escaped), so a search for
 * `50%` finds "50%" and not everything starting with 50. The trigram GIN indexes serve these.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function containsAny(columns: PgColumn[], text: string): SQL {
  const pattern = likePattern(text);
  return sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  );
}

/** A search made only of digits may be a Telegram id (primary key lookup). */
export function asTelegramId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
