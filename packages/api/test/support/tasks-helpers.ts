import { readdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { TestApp } from './helper';

export { form, PNG } from './multipart';

export const uploadedFiles = (t: TestApp) => readdirSync(t.config.uploadsDir);

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type leaves unknown. */
export async function rowsOf(t: TestApp, query: SQL): Promise<Array<Record<string, unknown>>> {
  return ((await t.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}
