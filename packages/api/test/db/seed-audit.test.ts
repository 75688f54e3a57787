import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb } from '../../src/db/migrate';
import { seedAll } from '../../src/db/seed/index';
import { outsideDatabase, run } from '../support/processes';

/** `pnpm --filter @manager/api seed -- --audit N` on a database that already holds players (what the bench's audit part runs). */
let database: Awaited<ReturnType<typeof outsideDatabase>>;
let env: NodeJS.ProcessEnv;

const PLAYERS = 40;

async function auditRows(): Promise<{ rows: number; aboutOthers: number }> {
  const handle = await database.open();
  try {
    const result = (await handle.db.execute(
      sql`select count(*)::int as rows, count(*) filter (where user_telegram_id is not null and user_telegram_id not in (select telegram_id from users))::int as "aboutOthers" from audit_log`,
    )) as unknown as { rows: Array<{ rows: number; aboutOthers: number }> };
    return result.rows[0]!;
  } finally {
    await handle.close();
  }
}

async function seed(args: string[]) {
  const cli = run(process.execPath, ['--import', 'tsx', 'src/db/seed-cli.ts', ...args], env);
  return { code: await cli.exit, output: cli.output() };
}

beforeAll(async () => {
  database = await outsideDatabase({ migrated: true });
  env = { ...process.env, NODE_ENV: 'development', MIGRATION_DATABASE_URL: undefined, ...database.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const handle = await database.open();
  try {
    // A PGlite folder starts migrated; a server database (TEST_DATABASE_URL) empty.
    await migrateDb(handle.db);
    await seedAll(handle.db, { users: PLAYERS, now: new Date('2026-03-01T12:00:00Z') });
  } finally {
    await handle.close();
  }
}, 120_000);
afterAll(() => database?.drop());

describe('seed --audit N', () => {
  it(
    'adds N audit rows about the players already there, and touches nothing else',
    { timeout: 120_000 },
    async () => {
      const before = await auditRows();
      const result = await seed(['--', '--audit', '1_234']);
      expect(result, result.output).toMatchObject({ code: 0 });
      expect(result.output).toContain(`Adding 1,234 audit rows about the ${PLAYERS} players`);
      const after = await auditRows();
      expect(after.rows).toBe(before.rows + 1234);
      expect(after.aboutOthers).toBe(0);
      const handle = await database.open();
      try {
        const players = (await handle.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
          rows: Array<{ n: number }>;
        };
        expect(players.rows[0]!.n).toBe(PLAYERS);
      } finally {
        await handle.close();
      }
    },
  );

  it(
    'refuses a bad N with the flag named, exit code 1 and nothing written',
    { timeout: 120_000 },
    async () => {
      const before = await auditRows();
      for (const [args, message] of [
        [['--audit', '-5'], 'seed: --audit must be a whole number, got -5\n'],
        [['--audit', 'many'], 'seed: --audit must be a whole number, got many\n'],
        [['--audit'], 'seed: --audit needs a value\n'],
      ] as const) {
        expect(await seed([...args]), args.join(' ')).toEqual({ code: 1, output: message });
      }
      expect(await auditRows()).toEqual(before);
    },
  );

  it(
    'with anything besides --audit, still refuses a database that holds players',
    { timeout: 120_000 },
    async () => {
      const before = await auditRows();
      const result = await seed(['--audit', '10', '--users', '20']);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`already holds ${PLAYERS} users; run again with --reset`);
      expect(await auditRows()).toEqual(before);
    },
  );
});
