import type { Permission } from '@manager/contract';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { TokenSigner } from '../auth/tokens';
import type { FileStore } from '../files/file-store';
import type { ImageStore } from '../lib/images';
import type { TransferPort } from '../withdrawals/transfer-port';
import type { MailingDelivery } from '../mailing/delivery';
import type { JobQueue } from '../jobs/queue';
import type { EventHub } from '../events/hub';

/** The signed-in admin of a request, set by the auth guard. */
interface RequestAdmin {
  id: number;
  /** This session's id (its refresh-token family): logout ends it. */
  familyId: string;
  /** This session's last step-up as the guard read it; null: none since sign-in. */
  stepUpAt: Date | null;
  /** When the bearer token of this request expires: a stream it opened ends then (events/). */
  accessExpiresAt: Date;
  /** What the admin may do: the union of their roles, read with the session (plugins/permissions.ts). */
  permissions: ReadonlySet<Permission>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The current time; tests pass a fixed clock (TOTP steps, lockout windows). */
    clock: () => Date;
    tokens: TokenSigner;
    /** Where saved uploads live, shared by every instance (UPLOADS_STORE); keys are the stored names. */
    files: FileStore;
    /** Names and saves uploaded images in `files`; the database keeps the bare names it returns. */
    images: ImageStore;
    /** What moves a gift to a player when a withdrawal is approved with a transfer. */
    transferPort: TransferPort;
    /** What sends a started mailing to the players. */
    mailingDelivery: MailingDelivery;
    /** Background jobs (pg-boss): send one, in a transaction or not (src/jobs/queue.ts). */
    jobs: JobQueue;
    /** This instance's fan-out of committed changes to the open event streams (src/events/). */
    events: EventHub;
    /** onRequest hook: a valid bearer access token of a live session, else 401. */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /**
     * The permissions of a signed-in admin's session read again, or null once it is no longer
     * open (signed out, disabled, timed out): what a long-lived response (the event stream)
     * checks while it lasts. A check is no activity.
     */
    permissionsNow(admin: RequestAdmin): Promise<ReadonlySet<Permission> | null>;
    /**
     * preHandler after `requireAdmin`: this session confirmed it's the admin (step-up) within
     * the window, else STEP_UP_STATUS with the methods they can confirm with.
     */
    /** Refuses (STEP_UP_STATUS) without a fresh step-up; inside a transaction, pass it (plugins/auth-guard.ts). */
    requireStepUp(request: FastifyRequest, db?: DbOrTx): Promise<void>;
  }
  interface FastifyRequest {
    admin?: RequestAdmin;
  }
}
