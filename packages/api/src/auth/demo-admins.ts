import { count } from 'drizzle-orm';
import { BUILT_IN_ROLES, testAdminNames, type BuiltInRole } from '@manager/contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { admins } from '../db/schema/auth';
import { generateBackupCodes, storeBackupCodes } from './backup-code-repository';
import { hashPassword, verifyPassword } from './passwords';
import { grantRoles } from './role-repository';
import { otpauthUrl } from './totp';

export interface DemoAdmins {
  admin: { username: string; email: string; password: string };
  twoFactorAdmin: {
    username: string;
    email: string;
    password: string;
    secret: string;
    otpauthUrl: string;
    backupCodes: string[];
  };
  /** One admin per built-in role but Owner, named after it, with the first admin's password and no second factor. */
  roleAdmins: { username: string; role: BuiltInRole; password: string }[];
  /** The test Owners (DEMO_TEST_ADMINS): `qa-<n>` without and `qa-<n>-totp` with a second factor. */
  testAdmins: string[];
}

/** The roles that get a demo admin of their own (both `admin` and `admin2fa` are Owners). */
export const DEMO_ROLE_ADMINS = ['finance', 'support', 'content', 'auditor'] as const satisfies BuiltInRole[];

/**
 * Inserts the demo admins into an empty admins table (a database with admins is never
 * touched): two Owners, one without 2FA, one with TOTP on a known secret so people and tests
 * can sign in, and one admin per other built-in role (DEMO_ROLE_ADMINS) with the first one's
 * password (the same hash: no extra hashing). Returns what was created (backup codes are only
 * ever known here), or null when skipped.
 */
export async function seedDemoAdmins(
  db: Db,
  config: { demo: Omit<Config['demo'], 'testAdmins'> & { testAdmins?: number } },
): Promise<DemoAdmins | null> {
  const { demo } = config;
  const [first, second] = await Promise.all([
    hashPassword(demo.adminPassword),
    hashPassword(demo.twoFactorPassword),
  ]);
  const backupCodes = demo.backupCodes ?? generateBackupCodes();
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(admins);
    if ((row?.n ?? 0) > 0) return null;
    const email = (username: string) => `${username.toLowerCase()}@example.com`;
    const [owner] = await tx
      .insert(admins)
      .values({ username: demo.adminUsername, email: email(demo.adminUsername), passwordHash: first })
      .returning({ id: admins.id });
    await grantRoles(tx, owner!.id, ['owner']);
    const [twoFa] = await tx
      .insert(admins)
      .values({
        username: demo.twoFactorUsername,
        email: email(demo.twoFactorUsername),
        passwordHash: second,
        twoFactorEnabled: true,
        totpSecret: demo.totpSecret,
      })
      .returning({ id: admins.id });
    await storeBackupCodes(tx, twoFa!.id, backupCodes, false);
    await grantRoles(tx, twoFa!.id, ['owner']);
    for (const role of DEMO_ROLE_ADMINS) {
      const [row] = await tx
        .insert(admins)
        .values({ username: role, email: email(role), passwordHash: first })
        .returning({ id: admins.id });
      await grantRoles(tx, row!.id, [role]);
    }
    const testAdmins: string[] = [];
    for (let n = 1; n <= (demo.testAdmins ?? 0); n++) {
      const { plain, totp } = testAdminNames(n);
      const rows = await tx
        .insert(admins)
        .values([
          { username: plain, email: email(plain), passwordHash: first },
          {
            username: totp,
            email: email(totp),
            passwordHash: second,
            twoFactorEnabled: true,
            totpSecret: demo.totpSecret,
          },
        ])
        .returning({ id: admins.id, username: admins.username });
      const idOf = (username: string) => rows.find((r) => r.username === username)!.id;
      await storeBackupCodes(tx, idOf(totp), backupCodes, false);
      await grantRoles(tx, idOf(plain), ['owner']);
      await grantRoles(tx, idOf(totp), ['owner']);
      testAdmins.push(plain, totp);
    }
    return {
      admin: { username: demo.adminUsername, email: email(demo.adminUsername), password: demo.adminPassword },
      twoFactorAdmin: {
        username: demo.twoFactorUsername,
        email: email(demo.twoFactorUsername),
        password: demo.twoFactorPassword,
        secret: demo.totpSecret,
        otpauthUrl: otpauthUrl(demo.twoFactorUsername, demo.totpSecret),
        backupCodes,
      },
      roleAdmins: DEMO_ROLE_ADMINS.map((role) => ({ username: role, role, password: demo.adminPassword })),
      testAdmins,
    };
  });
}

/** What a development start prints: the API key and how to sign in as each demo admin. */
export function demoCredentialLines(
  config: Pick<Config, 'apiKey' | 'apiKeyHeader' | 'demo'>,
  seeded: DemoAdmins | null,
): string[] {
  const { demo } = config;
  const lines = [
    `  API key header: ${config.apiKeyHeader}: ${config.apiKey}`,
    `  Admin:          ${demo.adminUsername} / ${demo.adminPassword} (Owner, no 2FA)`,
    `  Admin with 2FA: ${demo.twoFactorUsername} / ${demo.twoFactorPassword} (Owner)`,
    `  TOTP secret:    ${demo.totpSecret}`,
    `  otpauth URL:    ${otpauthUrl(demo.twoFactorUsername, demo.totpSecret)}`,
  ];
  if (seeded) lines.push(`  Backup codes:   ${seeded.twoFactorAdmin.backupCodes.join(' ')}`);
  for (const role of DEMO_ROLE_ADMINS)
    lines.push(`  ${`${BUILT_IN_ROLES[role].name}:`.padEnd(15)} ${role} / ${demo.adminPassword} (no 2FA)`);
  if (demo.testAdmins) {
    const [a, b] = [testAdminNames(1), testAdminNames(demo.testAdmins)];
    lines.push(
      `  Test Owners:    ${a.plain} ... ${b.plain} (as ${demo.adminUsername}), ${a.totp} ... ${b.totp} (as ${demo.twoFactorUsername})`,
    );
  }
  if (!seeded)
    lines.push('  (admins already existed: credentials changed since the first start are not shown)');
  return lines;
}

/**
 * Administrators who still sign in with a published demo credential: the demo TOTP secret
 * (active or pending), or a demo password. A database that a development start seeded has
 * them; production refuses to serve it (server.ts). Two password checks per admin: a
 * back-office has a handful.
 */
export async function adminsWithDemoCredentials(db: Db, config: Pick<Config, 'demo'>): Promise<string[]> {
  const { demo } = config;
  const rows = await db
    .select({
      username: admins.username,
      passwordHash: admins.passwordHash,
      totpSecret: admins.totpSecret,
      pending: admins.totpPendingSecret,
    })
    .from(admins);
  const found: string[] = [];
  for (const row of rows) {
    const publishedSecret = row.totpSecret === demo.totpSecret || row.pending === demo.totpSecret;
    if (
      publishedSecret ||
      (await verifyPassword(row.passwordHash, demo.adminPassword)) ||
      (await verifyPassword(row.passwordHash, demo.twoFactorPassword))
    ) {
      found.push(row.username);
    }
  }
  return found;
}
