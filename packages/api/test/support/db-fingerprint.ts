import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { TestApp } from './helper';

/** Row count and content digest of every table, plus the stored uploads: what a request may have written. */
export type Fingerprint = Map<string, string>;

type Rows<T> = { rows: T[] };

const queries = new WeakMap<TestApp, string>();

async function digestQuery(t: TestApp): Promise<string> {
  const known = queries.get(t);
  if (known) return known;
  const { rows } = (await t.db.execute(
    sql.raw(`select table_schema as s, table_name as n from information_schema.tables
             where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
  )) as unknown as Rows<{ s: string; n: string }>;
  const query = rows
    .map(({ s, n }) => {
      const name = `"${s}"."${n}"`;
      return `select '${s}.${n}' as name, count(*) || ':' || md5(coalesce(string_agg(md5(r::text), ',' order by md5(r::text)), '')) as digest from ${name} r`;
    })
    .join('\nunion all\n');
  queries.set(t, query);
  return query;
}

export async function fingerprint(t: TestApp): Promise<Fingerprint> {
  const { rows } = (await t.db.execute(sql.raw(await digestQuery(t)))) as unknown as Rows<{
    name: string;
    digest: string;
  }>;
  const result: Fingerprint = new Map(rows.map((r) => [r.name, r.digest]));
  result.set('uploads', readdirSync(t.config.uploadsDir).sort().join(','));
  return result;
}

/** Names of the tables (and `uploads`) whose content differs, leaving out `allowed` ("public.audit_log"). */
export function differences(
  before: Fingerprint,
  after: Fingerprint,
  allowed: readonly string[] = [],
): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !allowed.includes(name) && before.get(name) !== after.get(name)).sort();
}
