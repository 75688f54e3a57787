import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AUDIT_SYSTEM_ACTORS } from '@manager/contract';
import { loadConfig } from '../config';
import { migrateSchema, openSchemaOwner } from '../db/prepare';
import { runAsSystem } from '../lib/actor';
import { ask } from '../lib/prompt';
import { passwordProblem, usernameProblem } from './admin-policy';
import { createAdmin } from './admin-repository';
import { hashPassword } from './passwords';

/**
 * `pnpm --filter @manager/api admin:create [--username <name>] [--email <address>]`
 * Creates an administrator, an Owner (every permission: the first admin of a deployment), two-factor off, on the database the server uses (same
 * variables), migrating it first so an empty database works. The password comes from
 * ADMIN_PASSWORD, else is asked twice on the terminal without echo. Prints nothing secret;
 * a refusal is one line on stderr and exit code 1.
 */
async function readInput() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { username: { type: 'string', short: 'u' }, email: { type: 'string' } },
    allowPositionals: true,
  });
  const terminal = process.stdin.isTTY === true;
  const username = (values.username ?? positionals[0] ?? (terminal ? await ask('Username:') : '')).trim();
  if (!username) throw new Error('No username: pass --username <name>.');
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw new Error(usernameIssue);
  const email = values.email?.trim() || null;
  if (email !== null && !z.email().safeParse(email).success)
    throw new Error('The e-mail address is not valid.');

  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!terminal) throw new Error('No terminal to ask the password on: set ADMIN_PASSWORD.');
    password = await ask('Password (not shown):', { hidden: true });
    const problem = passwordProblem(password, username);
    if (problem) throw new Error(problem);
    if ((await ask('Repeat the password:', { hidden: true })) !== password)
      throw new Error('The two passwords differ.');
  }
  const problem = passwordProblem(password, username);
  if (problem) throw new Error(problem);
  return { username, email, password };
}

async function main() {
  const config = loadConfig();
  const input = await readInput();
  // As the schema owner when MIGRATION_DATABASE_URL is set, else as DATABASE_URL's role (which
  // may only write rows: it migrates nothing, and says so when migrations are pending).
  const handle = await openSchemaOwner(config);
  try {
    await migrateSchema(handle, config);
    const passwordHash = await hashPassword(input.password);
    const row = await runAsSystem(AUDIT_SYSTEM_ACTORS.adminCreate, () =>
      createAdmin(handle.db, { username: input.username, email: input.email, passwordHash }, ['owner']),
    );
    if (!row)
      throw new Error(
        `An administrator with the username "${input.username}"${input.email ? ' or that e-mail address' : ''} already exists; nothing was changed.`,
      );
    const where = handle.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
    console.log(`Administrator "${row.username}" created (id ${row.id}, role Owner) in ${where}.`);
    console.log(
      'Two-factor authentication is off until they set it up; production asks for it at their first sign-in.',
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
