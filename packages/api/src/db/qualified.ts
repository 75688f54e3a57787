import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column as `"table"."column"`, whatever the clause. Drizzle writes a column bare in the
 * select list of a one-table query, so inside a correlated subquery placed there
 * `${inner.adminId} = ${outer.id}` becomes `"admin_id" = "id"`, and PostgreSQL resolves both
 * names in the inner table when it has such a column. An outer column a subquery correlates
 * on is written through this (or the value is passed as a parameter instead).
 */
export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
