import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/auth';

const SECRET_NAME = 'jwt_hs256';

/**
 * The HS256 key: JWT_SECRET when set (required in production). Otherwise one random key is
 * generated on first start and kept in the database, so tokens survive restarts and every
 * process on the same database agrees, without a well-known default key anyone could forge.
 */
export async function resolveJwtKey(
  db: Db,
  jwtSecret: string | undefined,
  log: FastifyBaseLogger,
): Promise<Uint8Array> {
  if (jwtSecret) return new TextEncoder().encode(jwtSecret);
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('JWT key could not be stored');
  log.warn('JWT_SECRET is not set: using the key generated and stored in the database (app_secrets)');
  return new TextEncoder().encode(row.value);
}
