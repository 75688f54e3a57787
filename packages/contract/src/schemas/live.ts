import { z } from 'zod';
import { EVENT_READ_PERMISSION, type EventEntity, type PlatformEventAction } from '../events.ts';
import type { Permission } from '../permissions.ts';
import type { AuditAction } from './audit.ts';
import { AREA_NAME } from '../areas.ts';
import { isoDate } from './common.ts';

/**
 * Who else is on a record now, and each admin's inbox (docs/decisions/0028): the live console's
 * two per-admin parts beside the event stream.
 */

// --- Presence ---------------------------------------------------------------------------------

/**
 * What an admin does on a record: has its page open, has its form open, or has a decision
 * dialog open on it. The console says "{username} is editing" and "{username} is deciding".
 */
export const PRESENCE_ACTIVITIES = ['viewing', 'editing', 'deciding'] as const;
export type PresenceActivity = (typeof PRESENCE_ACTIVITIES)[number];

/** A console says it is still there this often while it shows a record. */
export const PRESENCE_BEAT_MS = 8_000;
/** A presence not renewed for this long is gone (a closed tab, a lost network, a crashed browser). */
export const PRESENCE_TTL_MS = 20_000;
/** Consoles showing who is on a record read it again this often, so a lapsed one goes within 30 s. */
export const PRESENCE_POLL_MS = 10_000;
/**
 * A presence renewed this soon after it lapsed (a background tab the browser wakes once a
 * minute) comes back without telling every console again: they see it at their next read.
 */
export const PRESENCE_RETURN_GRACE_MS = 120_000;
/** Records one admin may be on at once, over all their tabs. */
export const PRESENCE_MAX_PER_ADMIN = 50;
export const PRESENCE_LIMIT_MESSAGE = 'Too many records open at once';

/** The records presence is kept for: those an admin reads with a permission (EVENT_READ_PERMISSION). */
export const PRESENCE_ENTITIES = (Object.keys(EVENT_READ_PERMISSION) as EventEntity[]).filter(
  (entity) => entity !== 'metrics' && entity !== 'release' && EVENT_READ_PERMISSION[entity] !== null,
) as [EventEntity, ...EventEntity[]];

/** Any of these lets an admin into the presence calls; each record's own kind is checked after. */
export const PRESENCE_READ_PERMISSIONS = [
  ...new Set(PRESENCE_ENTITIES.map((entity) => EVENT_READ_PERMISSION[entity] as Permission)),
] as [Permission, ...Permission[]];

const entityIdText = z.string().trim().min(1).max(64);
/** One browser tab's id (random, per page load): an admin in two tabs is two presences. */
const tabId = z.string().trim().min(8).max(64);

export const presenceQuerySchema = z.object({
  entity: z.enum(PRESENCE_ENTITIES),
  /** One record; absent: every record of the kind (the withdrawals queue shows who decides which). */
  entityId: entityIdText.optional(),
});
export type PresenceQuery = z.infer<typeof presenceQuerySchema>;

export const announcePresenceRequestSchema = z.object({
  entity: z.enum(PRESENCE_ENTITIES),
  entityId: entityIdText,
  activity: z.enum(PRESENCE_ACTIVITIES),
  tab: tabId,
});
export type AnnouncePresenceRequest = z.infer<typeof announcePresenceRequestSchema>;

export const leavePresenceRequestSchema = z.object({
  entity: z.enum(PRESENCE_ENTITIES),
  entityId: entityIdText,
  tab: tabId,
});
export type LeavePresenceRequest = z.infer<typeof leavePresenceRequestSchema>;

export const presenceEntrySchema = z.object({
  adminId: z.number().int(),
  username: z.string(),
  entityId: z.string(),
  activity: z.enum(PRESENCE_ACTIVITIES),
  /** When this admin's presence on the record began. */
  since: isoDate,
});
export type PresenceEntry = z.infer<typeof presenceEntrySchema>;
export const presenceResponseSchema = z.array(presenceEntrySchema);

/** The event action a presence change sends: it refreshes who is shown on the record, nothing else. */
export const PRESENCE_EVENT_ACTION = 'presence.changed' satisfies PlatformEventAction;

// --- Inbox ------------------------------------------------------------------------------------

/**
 * What waits for an admin: a withdrawal awaiting their second approval (sent to those who may
 * give it), an administrator request awaiting an Owner, a mailing whose delivery failed, a
 * release of an area promoted or rolled back.
 */
export const INBOX_KINDS = [
  'withdrawal.second_approval',
  'admin.request',
  'mailing.failed',
  'release',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * The changes that put an item in an inbox or take one out, with the permission of those whose
 * inbox they touch (null: anyone's): a console whose admin holds it refreshes its bell when the
 * stream sends one (and polls it slowly besides, INBOX_POLL_MS).
 */
export const INBOX_EVENT_ACTIONS: Readonly<
  Partial<Record<AuditAction | PlatformEventAction, Permission | null>>
> = {
  'withdrawal.first_approval': 'withdrawals.decide',
  'withdrawal.approve_with_transfer': 'withdrawals.decide',
  'withdrawal.approve_without_transfer': 'withdrawals.decide',
  'withdrawal.reject': 'withdrawals.decide',
  'withdrawal.transfer_reconciled': 'withdrawals.decide',
  'admin.request.created': 'admins.manage',
  'admin.request.approved': 'admins.manage',
  'admin.request.rejected': 'admins.manage',
  'mailing.deliver': 'mailing.start',
  'release.changed': null,
};

/** The bell reads the inbox this often besides the stream's changes (a missed event, another tab's reads). */
export const INBOX_POLL_MS = 60_000;

/** The newest items the bell lists; older ones stay stored and counted. */
export const INBOX_LIST_LIMIT = 50;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  /** What it is about, in words ("Withdrawal #812 awaits your approval"). */
  text: z.string(),
  /** The console path that opens it, or null. */
  link: z.string().nullable(),
  at: isoDate,
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxResponseSchema = z.object({
  items: z.array(inboxItemSchema),
  unread: z.number().int(),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

export const readAllInboxResponseSchema = z.object({ read: z.number().int() });

/** POST /releases/notices (the release tool, its own token): an area's release went live or was rolled back. */
export const RELEASE_NOTICES_PATH = '/releases/notices';
/** The `version` of a notice when no release of the area is live: nothing, or the console's own build. */
export const RELEASE_NONE = 'none';
export const RELEASE_BUILT_IN = 'built-in';
export const releaseNoticeSchema = z.object({
  area: z.string().regex(AREA_NAME, 'expected an area name (a-z and 0-9)'),
  // A release's version (`0.1.0-3f9a2c1b`), RELEASE_NONE or RELEASE_BUILT_IN: never free text,
  // since it is shown to every admin.
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, 'expected a release version'),
  change: z.enum(['promoted', 'rolled-back']),
  /** A canary's usernames: only they got it, so only they are told. */
  canary: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
});
export type ReleaseNotice = z.infer<typeof releaseNoticeSchema>;
