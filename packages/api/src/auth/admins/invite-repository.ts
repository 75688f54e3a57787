import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { INVITE_VALID_HOURS } from '@manager/contract';
import { writeAudit } from '../../db/audit';
import type { Db, DbOrTx } from '../../db/client';
import { adminInvites } from '../../db/schema/admins';
import { admins } from '../../db/schema/auth';
import { hashToken } from '../refresh-token-repository';
import { createRequest } from './manage-repository';

const INVITE_VALID_MS = INVITE_VALID_HOURS * 60 * 60 * 1000;

/** The username an invite's login gives: itself, or an e-mail's part before the `@`. */
export function splitLogin(login: string): { username: string; email: string | null } {
  const at = login.lastIndexOf('@');
  return at < 0 ? { username: login, email: null } : { username: login.slice(0, at), email: login };
}

/**
 * Invites an administrator: the admin (status `invited`, no password, no roles), its
 * enrolment link (32 random bytes, only the sha256 stored, INVITE_VALID_HOURS, used once)
 * and a pending grant of `roles` a second admin approves. Null when the username or e-mail
 * is taken (the unique indexes decide). The token is returned once, never stored.
 */
export async function inviteAdmin(
  db: Db,
  input: { login: string; roles: readonly string[]; invitedBy: number; now: Date },
): Promise<{ adminId: number; token: string; expiresAt: Date } | null> {
  const { username, email } = splitLogin(input.login);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + INVITE_VALID_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admins)
      .values({
        username,
        email,
        passwordHash: null,
        status: 'invited',
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: admins.id });
    if (!row) return null;
    await tx.insert(adminInvites).values({
      adminId: row.id,
      tokenHash: hashToken(token),
      expiresAt,
      createdBy: input.invitedBy,
      createdAt: input.now,
    });
    await writeAudit(tx, {
      action: 'admin.invited',
      entity: 'admin',
      entityId: row.id,
      after: { username, email, roles: input.roles, expiresAt },
    });
    await createRequest(tx, 'grant', row.id, input.invitedBy, input.roles, input.now);
    return { adminId: row.id, token, expiresAt };
  });
}

/** The invite of a link still valid at `now`: not used, not expired, its admin still invited. */
export async function openInvite(db: DbOrTx, token: string, now: Date) {
  const [row] = await db
    .select({
      adminId: adminInvites.adminId,
      username: admins.username,
      totpSecret: adminInvites.totpSecret,
      expiresAt: adminInvites.expiresAt,
    })
    .from(adminInvites)
    .innerJoin(admins, eq(admins.id, adminInvites.adminId))
    .where(
      and(
        eq(adminInvites.tokenHash, hashToken(token)),
        isNull(adminInvites.usedAt),
        gt(adminInvites.expiresAt, now),
        eq(admins.status, 'invited'),
      ),
    );
  return row;
}

/** Keeps the secret the enrolment page shows with the invite, the first time it is opened. */
export async function holdInviteSecret(db: DbOrTx, adminId: number, secret: string): Promise<string> {
  const [row] = await db
    .update(adminInvites)
    .set({ totpSecret: secret })
    .where(and(eq(adminInvites.adminId, adminId), isNull(adminInvites.totpSecret)))
    .returning({ totpSecret: adminInvites.totpSecret });
  if (row?.totpSecret) return row.totpSecret;
  const [held] = await db
    .select({ totpSecret: adminInvites.totpSecret })
    .from(adminInvites)
    .where(eq(adminInvites.adminId, adminId));
  return held!.totpSecret!;
}

/**
 * Completes an enrolment: the password and the authenticator set, the admin active, the link
 * spent, audited. False, with nothing written, when the link was used meanwhile (the guarded
 * UPDATE of the invite decides between two tabs).
 */
export async function completeEnrolment(
  db: Db,
  input: { adminId: number; passwordHash: string; secret: string; step: number; now: Date },
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(adminInvites)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(adminInvites.adminId, input.adminId),
            isNull(adminInvites.usedAt),
            gt(adminInvites.expiresAt, input.now),
          ),
        )
        .returning({ adminId: adminInvites.adminId });
      const [row] = spent
        ? await tx
            .update(admins)
            .set({
              passwordHash: input.passwordHash,
              status: 'active',
              twoFactorEnabled: true,
              totpSecret: input.secret,
              totpPendingSecret: null,
              totpLastStep: input.step,
              updatedAt: input.now,
            })
            .where(and(eq(admins.id, input.adminId), eq(admins.status, 'invited')))
            .returning({ id: admins.id })
        : [];
      // Used meanwhile, or the admin was disabled since the page opened: undo the spend.
      if (!row) throw new LinkGone();
      await writeAudit(tx, {
        adminId: input.adminId,
        action: 'admin.enrolled',
        entity: 'admin',
        entityId: input.adminId,
        before: { status: 'invited', twoFactorEnabled: false },
        after: { status: 'active', twoFactorEnabled: true },
      });
    });
    return true;
  } catch (error) {
    if (error instanceof LinkGone) return false;
    throw error;
  }
}

class LinkGone extends Error {}
